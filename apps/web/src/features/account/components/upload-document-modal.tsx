// spec 1 §2 / §5 / §8: upload a document to one of the tenant's property leases.
import { Alert, Button, FileInput, Group, Modal, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import { mapUploadError } from '@portal/domain/document-upload';
// spec 2 §9 and issue 9: CSV, PNG, JPEG and PDF (the picker offers these names; form and server judge the content)
import { DOCUMENT_ACCEPT } from '@portal/domain/documents';
import { mapUploadReply } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import type { MessageRef } from '@portal/domain/rule';
import { useState } from 'react';
import { useLeases } from '../../../api/leases/search-leases';
import type { PropertyLease } from '../../../api/types';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useUploadDocument } from '../api/upload-document';
import { checkUploadForm, type UploadFormErrors } from '../forms/upload-document-form';

function useLeaseLabel() {
  const { t } = useTranslation();
  return (lease: PropertyLease) => {
    const property = lease.joins.property?.propertyName ?? t('account.documents.unnamedProperty');
    return lease.unit ? t('account.documents.leaseOption', { property, unit: lease.unit }) : property;
  };
}

export function UploadDocumentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const leases = useLeases();
  const leaseLabel = useLeaseLabel();
  const upload = useUploadDocument();
  const [leaseId, setLeaseId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<UploadFormErrors>({});
  const [alert, setAlert] = useState<MessageRef | null>(null);

  const close = () => {
    if (upload.isPending) return;
    setLeaseId('');
    setFile(null);
    setSubmitted(false);
    setErrors({});
    setAlert(null);
    upload.reset();
    onClose();
  };

  // spec 2 §5: once submitted, the messages follow the inputs
  const recheck = async (next: { leaseId: string; file: File | null }) => {
    if (submitted) setErrors(await checkUploadForm(next));
  };

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setAlert(null);
    setChecking(true);
    const found = await checkUploadForm({ leaseId, file });
    setChecking(false);
    setErrors(found);
    if (found.leaseId || found.file || !file) return;
    try {
      const reply = await upload.mutateAsync({ leaseId, file });
      // spec 1 §5: an upload reply without an id shows the 50-character file-name message
      const noId = mapUploadReply(reply);
      if (noId) {
        setErrors({ file: noId.key });
        return;
      }
      notifySuccess(t('account.documents.uploaded'));
      close();
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setAlert({ key: MSG.genericTryAgain });
        return;
      }
      // spec 1 §8: name too long, wrong type and too large are the file's messages; anything else is an alert
      const outcome = mapUploadError({ errorCode: err.errorCode, message: err.message });
      if (outcome.onFile) setErrors({ file: outcome.key });
      else setAlert(outcome);
    }
  };

  const busy = checking || upload.isPending;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('account.documents.uploadTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <NativeSelect
            label={t('account.documents.lease')}
            withAsterisk
            value={leaseId}
            disabled={busy}
            onChange={(e) => {
              setLeaseId(e.currentTarget.value);
              void recheck({ leaseId: e.currentTarget.value, file });
            }}
            error={errors.leaseId ? t(errors.leaseId) : undefined}
            data={[
              { value: '', label: leases.isPending ? t('account.documents.leasesLoading') : t('account.documents.chooseLease') },
              ...(leases.data?.records ?? []).map((l) => ({ value: l.id, label: leaseLabel(l) })),
            ]}
          />
          <FileInput
            label={t('account.documents.file')}
            description={t('account.documents.fileHint')}
            placeholder={t('account.documents.choose')}
            withAsterisk
            clearable
            clearButtonProps={{ 'aria-label': t('account.documents.clearFile') }}
            accept={DOCUMENT_ACCEPT}
            value={file}
            disabled={busy}
            onChange={(f) => {
              setFile(f);
              void recheck({ leaseId, file: f });
            }}
            error={errors.file ? t(errors.file) : undefined}
          />
          {upload.isPending && (
            <Stack gap={4} role="status" aria-live="polite">
              <Text size="sm">{t('account.documents.uploading', { name: file?.name ?? '' })}</Text>
              <Progress value={100} animated striped aria-label={t('account.documents.uploadProgress')} />
            </Stack>
          )}
          {leases.isError && (
            <Alert color="red" role="alert">
              {t('account.documents.leasesError')}
            </Alert>
          )}
          {alert && (
            <Alert color="red" role="alert">
              {t(alert.key, alert.values)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={upload.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {t('account.documents.submitUpload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
