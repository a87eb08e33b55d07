import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { HELP_CENTRE_URL } from '../../../lib/help-centre';
import { useTranslation } from '../../../lib/i18n';

/** spec 2 §2: the can't-find-property help: what to check, ask the property manager, or the help centre. */
export function CantFindModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('signup.cantFind.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      zIndex={310}
    >
      <Stack gap="sm">
        <Text>{t('signup.cantFind.intro')}</Text>
        <List spacing="xs">
          <List.Item>{t('signup.cantFind.checkPostalCode')}</List.Item>
          <List.Item>{t('signup.cantFind.checkName')}</List.Item>
          <List.Item>{t('signup.cantFind.askManager')}</List.Item>
        </List>
        <Text size="sm">
          {t('signup.cantFind.support')}{' '}
          <Anchor href={HELP_CENTRE_URL} target="_blank" rel="noopener noreferrer">
            {t('signup.cantFind.helpCentre')}
          </Anchor>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
