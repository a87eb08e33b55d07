// spec 2 §2 "Application view (read-only)": applicant, property, address history, additional occupants, employment,
// other information, personal references, emergency contact and the page's custom fields. Shared by the dashboard's
// application card and the application page.
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useApplicationPage } from '../../../api/applications/get-application-page';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { ApplicationRecord } from '../api/types';
import { applicationSections, type ViewField } from '../lib/application-sections';

interface Props {
  application: ApplicationRecord;
  status: string;
  opened: boolean;
  onClose: () => void;
}

export function ApplicationViewModal({ application, status, opened, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  // the custom fields' labels live on the page template
  const hasCustomAnswers = Object.keys(application.customFields ?? {}).length > 0;
  const page = useApplicationPage(application.pageName, opened && hasCustomAnswers);
  const sections = applicationSections(application, {
    t,
    lang,
    customFields: hasCustomAnswers ? (page.data?.customFields ?? (page.isError ? null : [])) : null,
  });

  const fields = (block: ViewField[]) => (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
      {block.map((f) => (
        <Fragment key={f.key}>
          <Text component="dt" size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {f.value}
          </Text>
        </Fragment>
      ))}
    </SimpleGrid>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dashboard.applicationView.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('dashboard.close') }}
    >
      <Stack gap="lg" data-testid="application-view">
        <Text size="sm">
          <Text span fw={600}>
            {t('dashboard.applicationView.status')}
          </Text>{' '}
          {status}
        </Text>
        {sections.map((section) => {
          const headingId = `app-view-${application.id}-${section.id}`;
          return (
            <section key={section.id} aria-labelledby={headingId}>
              <Title order={3} size="h5" id={headingId} mb={6}>
                {section.title}
              </Title>
              {section.blocks.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('dashboard.applicationView.none')}
                </Text>
              ) : (
                <Stack gap="sm">
                  {section.blocks.map((block, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: read-only list in the record's own order
                    <Fragment key={i}>
                      {i > 0 && <Divider variant="dashed" />}
                      {fields(block)}
                    </Fragment>
                  ))}
                </Stack>
              )}
            </section>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dashboard.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
