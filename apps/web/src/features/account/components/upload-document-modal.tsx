// spec 1 §2 / §5 / §8: upload a document to one of the tenant's property leases.
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { mapUploadError } from '@portal/domain/document-upload';
// spec 2 §9 and issue 9: CSV, PNG, JPEG and PDF (the picker offers these names; form and server judge the content)
import { DOCUMENT_ACCEPT } from '@portal/domain/documents';
import { mapUploadReply } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import type { MessageRef } from '@portal/domain/rule';
import { useState } from 'react';
import { useLeases } from '../../../api/leases/search-leases';
import type { PropertyLease } from '../../../api/types';
import { Dropdown } from '../../../components/form/dropdown';
import { messageText, useForm } from '../../../components/form/use-form';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useUploadDocument } from '../api/upload-document';
import { checkUploadForm } from '../forms/upload-document-form';

function useLeaseLabel() {
  const { t } = useTranslation();
  return (lease: PropertyLease) => {
    const property = lease.joins.property?.propertyName ?? t('account.documents.unnamedProperty');
    return lease.unit ? t('account.documents.leaseOption', { property, unit: lease.unit }) : property;
  };
}

interface UploadValues {
  leaseId: string;
  file: File | null;
}
const EMPTY_UPLOAD: UploadValues = { leaseId: '', file: null };

export function UploadDocumentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const leases = useLeases();
  const leaseLabel = useLeaseLabel();
  const upload = useUploadDocument();
  // issue 21 §3: the portal's one form state; the checks are the domain's, on the file's bytes (checkUploadForm)
  const form = useForm<UploadValues>({
    initialValues: EMPTY_UPLOAD,
    validate: async (v) => {
      const found = await checkUploadForm(v);
      return {
        ...(found.leaseId ? { leaseId: { key: found.leaseId } } : {}),
        ...(found.file ? { file: { key: found.file } } : {}),
      };
    },
  });
  const { file } = form.values;
  const [alert, setAlert] = useState<MessageRef | null>(null);

  const close = () => {
    if (upload.isPending) return;
    form.reset(EMPTY_UPLOAD);
    setAlert(null);
    upload.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(
    async (v) => {
      setAlert(null);
      if (!v.file) return;
      try {
        const reply = await upload.mutateAsync({ leaseId: v.leaseId, file: v.file });
        // spec 1 §5: an upload reply without an id shows the 50-character file-name message
        const noId = mapUploadReply(reply);
        if (noId) {
          form.setFieldError('file', { key: noId.key });
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
        if (outcome.onFile) form.setFieldError('file', { key: outcome.key });
        else setAlert(outcome);
      }
    },
    () => setAlert(null),
  );

  const busy = form.submitting || upload.isPending;
  const fileError = form.error('file');

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('account.documents.uploadTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <Dropdown
            {...form.bind('leaseId')}
            type="propertyLease"
            title={t('account.documents.lease')}
            required
            disabled={busy}
            placeholder={leases.isPending ? t('account.documents.leasesLoading') : t('account.documents.chooseLease')}
            items={(leases.data?.records ?? []).map((l) => ({ value: l.id, label: leaseLabel(l) }))}
          />
          <FileInput
            name="file"
            label={t('account.documents.file')}
            description={t('account.documents.fileHint')}
            placeholder={t('account.documents.choose')}
            withAsterisk
            clearable
            clearButtonProps={{ 'aria-label': t('account.documents.clearFile') }}
            accept={DOCUMENT_ACCEPT}
            value={file}
            disabled={busy}
            onChange={(f) => form.setValue('file', f)}
            error={messageText(t, fileError)}
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
