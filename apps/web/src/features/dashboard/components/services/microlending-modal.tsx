// spec 2 §2 "Add-service modal, by type", microlending: two partner cards, a card-credit partner and a loan partner,
// the loan partner first and chosen by default (§9); the tenant continues to the chosen partner's site (offline: its
// sandbox page, apps/api/src/routes/microloans) in a new tab.
import { Button, Group, Modal, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DEFAULT_MICROLOAN_PARTNER, type MicroloanPartner } from '@portal/domain/service-availability';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';

export function microloanPartnerUrl(partner: MicroloanPartner, lang: string): string {
  return `/api/sandbox/microloans/${partner}?lang=${lang === 'fr' ? 'fr' : 'en'}`;
}

export function MicrolendingModal(props: {
  opened: boolean;
  onClose: () => void;
  partners: MicroloanPartner[];
  propertyName: string | null;
}) {
  const { t, i18n } = useTranslation();
  const first = props.partners.includes(DEFAULT_MICROLOAN_PARTNER) ? DEFAULT_MICROLOAN_PARTNER : props.partners[0];
  const [partner, setPartner] = useState<MicroloanPartner>(first);
  const partnerName = t(`services.microlending.partners.${partner}.name`);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('services.microlending.title')}
      closeButtonProps={{ 'aria-label': t('dashboard.close') }}
    >
      <Stack gap="md">
        {props.propertyName && (
          <Text size="sm" c="dimmed">
            {props.propertyName}
          </Text>
        )}
        <Radio.Group
          value={partner}
          onChange={(value) => setPartner(value as MicroloanPartner)}
          label={t('services.microlending.choose')}
          description={t('services.microlending.intro')}
        >
          <Stack gap="sm" mt="sm">
            {props.partners.map((p) => (
              <Radio.Card key={p} value={p} radius="md" p="md" data-testid={`microloan-partner-${p}`}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600}>{t(`services.microlending.partners.${p}.name`)}</Text>
                    <Text size="sm" fw={500}>
                      {t(`services.microlending.partners.${p}.kind`)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(`services.microlending.partners.${p}.text`)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('dashboard.close')}
          </Button>
          <Button component="a" href={microloanPartnerUrl(partner, i18n.language)} target="_blank" rel="noopener noreferrer">
            {t('services.microlending.continue', { partner: partnerName })}
            <VisuallyHidden>{` ${t('services.opensInNewTab')}`}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
