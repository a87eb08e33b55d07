// spec 2 §2 "Add-service modal" (insurance): one card per quote partner offered for the lease (spec 2 §9 by province,
// then the company's and the property's switches) plus the upload-existing-insurance option; only on ACTIVE leases
// (spec 2 §4). A lease offered nothing (e.g. in Quebec or the US) is told so.
import { Alert, Button, Card, Modal, Stack, Text, Title } from '@mantine/core';
import { areInsuranceOptionsAvailable } from '@portal/domain/insurance';
import { useEffect, useId, useState } from 'react';
import { lazyModal } from '../../../components/lazy-modal';
import { useTranslation } from '../../../lib/i18n';
import { trackOpen } from '../../../lib/track';
import type { OfferedLease } from '../lib/offered-leases';
import { PartnerQuoteOptions } from '../partners/partner-quote-options';

const EditInsuranceModal = lazyModal(() => import('./edit-insurance-modal').then((m) => m.EditInsuranceModal));

export interface AddInsuranceModalProps {
  opened: boolean;
  onClose: () => void;
  lease: OfferedLease & { status?: string };
  /** The leases the upload form may choose from (those offering the upload). */
  leases: OfferedLease[];
}

export function AddInsuranceModal({ opened, onClose, lease, leases }: AddInsuranceModalProps) {
  useEffect(() => (opened ? trackOpen('INSURANCE_OPEN') : undefined), [opened]); // spec 2 §9 tracking pixel
  const { t } = useTranslation();
  const uploadTitleId = useId();
  const [uploading, setUploading] = useState(false);
  const open = areInsuranceOptionsAvailable(lease.status ?? 'ACTIVE');
  const partners = open ? lease.partners : [];
  const upload = open && lease.upload;
  return (
    <>
      <Modal
        opened={opened && !uploading}
        onClose={onClose}
        title={t('insurance.add.title')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('insurance.add.intro', { lease: lease.label })}</Text>
          {partners.length === 0 && !upload && (
            <Alert color="blue" variant="light" role="note" title={t('insurance.add.noneTitle')}>
              {t('insurance.add.none')}
            </Alert>
          )}
          {partners.length > 0 && <PartnerQuoteOptions leaseId={lease.id} partners={partners} />}
          {upload && (
            <Card withBorder padding="md" component="section" aria-labelledby={uploadTitleId}>
              <Stack gap="xs" align="flex-start">
                <Title order={3} size="h5" id={uploadTitleId}>
                  {t('insurance.add.uploadTitle')}
                </Title>
                <Text size="sm">{t('insurance.add.uploadText')}</Text>
                <Button variant="light" onClick={() => setUploading(true)}>
                  {t('insurance.add.uploadButton')}
                </Button>
              </Stack>
            </Card>
          )}
        </Stack>
      </Modal>
      <EditInsuranceModal
        opened={opened && uploading}
        onClose={() => {
          setUploading(false);
          onClose();
        }}
        leases={leases.filter((l) => l.upload)}
        leaseId={lease.id}
        policy={null}
      />
    </>
  );
}
