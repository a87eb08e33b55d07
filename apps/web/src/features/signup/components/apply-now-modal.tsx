// spec 2 §2 "Apply-now popup" (originType TYPE_LEASE_APPLICATION_PAGE): search the application page's properties;
// Apply Now opens the application form, Save For Later keeps a NOT_STARTED application for the dashboard's cards.
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { HELP_CENTRE_URL } from '../../../lib/help-centre';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/navigation';
import { useNewApplication } from '../api/new-application';
import type { SignupProperty } from '../api/search-properties';
import { CantFindModal } from './cant-find-modal';
import { PropertySearch } from './property-search';

export interface ApplyNowModalProps {
  opened: boolean;
  onClose: () => void;
  pageName: string;
  companyName?: string;
}

export function ApplyNowModal({ opened, onClose, pageName, companyName }: ApplyNowModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useNewApplication();
  const [busy, setBusy] = useState<{ propertyId: string; action: 'apply' | 'save' } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [cantFindOpen, setCantFindOpen] = useState(false);

  const start = (property: SignupProperty, action: 'apply' | 'save') => {
    setFailure(null);
    setBusy({ propertyId: property.id, action });
    create.mutate(
      { pageName, propertyId: property.id },
      {
        onSuccess: (application) => {
          if (action === 'apply') {
            onClose();
            void navigate(`/apply/${encodeURIComponent(pageName)}?applicationId=${encodeURIComponent(application.id)}`);
          } else {
            notifySuccess(t('signup.applyNow.saved'));
            onClose();
          }
        },
        // spec 2 §8: application create error → the message
        onError: (error) => setFailure(error instanceof ApiError ? error.message : t('signup.errors.network')),
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={() => !busy && onClose()}
        title={companyName ? t('signup.applyNow.titleCompany', { company: companyName }) : t('signup.applyNow.title')}
        size="lg"
        closeOnEscape={!busy}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('signup.applyNow.intro')}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <PropertySearch
            source={{ kind: 'applicationPage', pageName }}
            actions={(property) => (
              <>
                <Button
                  size="xs"
                  variant="default"
                  disabled={!!busy}
                  loading={busy?.propertyId === property.id && busy.action === 'save'}
                  onClick={() => start(property, 'save')}
                  aria-label={t('signup.applyNow.saveNamed', { name: property.propertyName })}
                >
                  {t('signup.applyNow.save')}
                </Button>
                <Button
                  size="xs"
                  disabled={!!busy}
                  loading={busy?.propertyId === property.id && busy.action === 'apply'}
                  onClick={() => start(property, 'apply')}
                  aria-label={t('signup.applyNow.applyNamed', { name: property.propertyName })}
                >
                  {t('signup.applyNow.apply')}
                </Button>
              </>
            )}
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Anchor component="button" type="button" size="sm" onClick={() => setCantFindOpen(true)}>
              {t('signup.cantFind.open')}
            </Anchor>
            <Anchor href={HELP_CENTRE_URL} target="_blank" rel="noopener noreferrer" size="sm">
              {t('signup.cantFind.helpCentre')}
            </Anchor>
          </Group>
        </Stack>
      </Modal>
      <CantFindModal opened={cantFindOpen} onClose={() => setCantFindOpen(false)} />
    </>
  );
}
