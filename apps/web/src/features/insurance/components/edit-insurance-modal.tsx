// spec 2 §2 "Insurance info modals": edit insurance info (upload a new policy or edit one), with the proof document's
// upload, update (a new file replaces the old, spec 2 §4) and delete, and its download. The policy is saved first and
// the document uploaded after (spec 2 §4); an upload that fails or answers no id shows the 50-character file-name alert
// (spec 2 §8), and the saved policy stays, so trying again uploads to it rather than saving a second policy.
import { Alert, Button, FileInput, Group, Modal, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { mapUploadError } from '@portal/domain/document-upload';
import { DOCUMENT_ACCEPT } from '@portal/domain/documents';
import { mapErrorCodeAlert, mapInsuranceSaveError, mapUploadReply } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import type { MessageRef } from '@portal/domain/rule';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-field';
import { Dropdown } from '../../../components/form/dropdown';
import { FormInput } from '../../../components/form/form-input';
import { messageText, useForm } from '../../../components/form/use-form';
import { notifySuccess } from '../../../components/notify';
import { ApiError, answerOf } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import {
  type InsurancePolicy,
  type PolicyFields,
  useCreatePolicy,
  useDeletePolicyDocument,
  useDownloadPolicyDocument,
  useUpdatePolicy,
  useUploadPolicyDocument,
} from '../api/insurance-policies';
import { checkPolicyForm, type PolicyFormValues } from '../forms/policy-form';
import type { OfferedLease } from '../lib/offered-leases';

export interface EditInsuranceModalProps {
  opened: boolean;
  onClose: () => void;
  /** The leases a new policy may be for (those offering the upload). */
  leases: OfferedLease[];
  /** The lease chosen at first. */
  leaseId: string;
  /** The policy to edit; null to upload a new one. */
  policy: InsurancePolicy | null;
}

const FORM_FIELDS = [
  'carrierName',
  'policyIdentifier',
  'firstName',
  'lastName',
  'startDate',
  'endDate',
  'effectiveDate',
] as const;
type FormField = (typeof FORM_FIELDS)[number];

function valuesOf(policy: InsurancePolicy | null, leaseId: string): PolicyFormValues {
  return {
    leaseId: policy?.leaseId ?? leaseId,
    carrierName: policy?.carrierName ?? '',
    policyIdentifier: policy?.policyIdentifier ?? '',
    firstName: policy?.firstName ?? '',
    lastName: policy?.lastName ?? '',
    startDate: policy?.startDate ?? '',
    endDate: policy?.endDate ?? '',
    effectiveDate: policy?.effectiveDate ?? '',
    file: null,
  };
}

const fieldsOf = (v: PolicyFormValues): PolicyFields => ({
  carrierName: v.carrierName.trim(),
  policyIdentifier: v.policyIdentifier.trim(),
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  startDate: v.startDate,
  endDate: v.endDate,
  effectiveDate: v.effectiveDate || null,
});

export function EditInsuranceModal({ opened, onClose, leases, leaseId, policy }: EditInsuranceModalProps) {
  const { t } = useTranslation();
  const create = useCreatePolicy();
  const update = useUpdatePolicy();
  const upload = useUploadPolicyDocument();
  const deleteDocument = useDeletePolicyDocument();
  const download = useDownloadPolicyDocument();
  // the policy this modal saved (a new one whose upload failed is edited from then on) or was opened with
  const [saved, setSaved] = useState<InsurancePolicy | null>(policy);
  const [savedFields, setSavedFields] = useState<string | null>(null);
  const [alert, setAlert] = useState<MessageRef | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const current = saved ?? policy;
  const documents = current?.documents ?? [];
  const isNew = policy === null;

  const form = useForm<PolicyFormValues>({
    initialValues: () => valuesOf(policy, leaseId),
    validate: async (v) => {
      const found = await checkPolicyForm(v, documents.length === 0);
      return Object.fromEntries(Object.entries(found).map(([field, key]) => [field, { key }]));
    },
  });

  // a modal kept mounted (lazyModal) opens afresh on the policy it is given
  useEffect(() => {
    if (!opened) return;
    setSaved(policy);
    setSavedFields(null);
    setAlert(null);
    form.reset(valuesOf(policy, leaseId));
  }, [opened, policy, leaseId, form.reset]);

  const busy = form.submitting || create.isPending || update.isPending || upload.isPending;

  const close = () => {
    if (busy) return;
    onClose();
  };

  const showSaveError = (err: unknown) => {
    if (!(err instanceof ApiError)) {
      setAlert({ key: MSG.genericTryAgain });
      return;
    }
    // spec 2 §8: RM_ERROR_RECORD_ALREADY_EXIST → the policy already exists for the lease; a field's refusal on the field
    const onFields = err.fieldErrors.filter((f) => (FORM_FIELDS as readonly string[]).includes(f.field) || f.field === 'leaseId');
    if (err.errorCode === 'RM_ERROR_RECORD_VALIDATION' && onFields.length > 0) {
      for (const f of onFields) form.setFieldError(f.field as FormField, { serverText: f.message });
      form.focusInvalid();
      return;
    }
    setAlert(mapInsuranceSaveError(answerOf(err)));
  };

  const onSubmit = form.handleSubmit(
    async (v) => {
      setAlert(null);
      const fields = fieldsOf(v);
      let target = current;
      try {
        if (!target) {
          target = await create.mutateAsync({ ...fields, leaseId: v.leaseId });
          setSaved(target);
          setSavedFields(JSON.stringify(fields));
        } else if (savedFields !== JSON.stringify(fields)) {
          // spec 2 §4: an edit (a new proof included) sets CHANGED and asks the manager again; a policy this modal has
          // just saved, whose upload is being retried, is not saved twice
          target = await update.mutateAsync({ id: target.id, ...fields });
          setSaved(target);
          setSavedFields(JSON.stringify(fields));
        }
      } catch (err) {
        showSaveError(err);
        return;
      }
      if (v.file) {
        try {
          const reply = await upload.mutateAsync({ policyId: target.id, file: v.file });
          // spec 2 §8: a missing id in the upload reply → the 50-character file-name alert
          const noId = mapUploadReply(reply);
          if (noId) {
            setAlert(noId);
            return;
          }
        } catch (err) {
          // spec 2 §8: an upload failure → the 50-character file-name alert (the file's own reason on the field)
          const outcome = err instanceof ApiError ? mapUploadError(answerOf(err)) : null;
          if (outcome?.onFile) form.setFieldError('file', { key: outcome.key });
          setAlert({ key: MSG.uploadFileNameTooLong });
          return;
        }
      }
      // spec 2 §8 info messages: insurance uploaded / updated
      notifySuccess(t(isNew ? 'insurance.info.uploaded' : 'insurance.info.updated'));
      onClose();
    },
    () => setAlert(null),
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await deleteDocument.mutateAsync(deleting.id);
      if (current) setSaved({ ...current, documents: current.documents.filter((d) => d.id !== deleting.id) });
      notifySuccess(t('insurance.document.deleted'));
      setDeleting(null);
    } catch (err) {
      // spec 2 §8: a document delete error shows the errorCode
      const ref = mapErrorCodeAlert(answerOf(err));
      setDeleteError(t(ref.key, ref.values));
    }
  };

  const title = isNew ? t('insurance.edit.titleNew') : t('insurance.edit.titleEdit');
  const fileError = form.error('file');
  const leaseItems = leases.map((l) => ({ value: l.id, label: l.label }));

  return (
    <>
      <Modal
        opened={opened && !deleting}
        onClose={close}
        title={title}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            {isNew && !saved ? (
              <Dropdown
                {...form.bind('leaseId')}
                type="propertyLease"
                title={t('insurance.edit.lease')}
                required
                disabled={busy}
                placeholder={t('insurance.edit.chooseLease')}
                items={leaseItems}
              />
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <FormInput
                {...form.bind('carrierName')}
                title={t('insurance.edit.carrierName')}
                required
                limit={100}
                disabled={busy}
              />
              <FormInput
                {...form.bind('policyIdentifier')}
                title={t('insurance.edit.policyIdentifier')}
                required
                limit={64}
                disabled={busy}
              />
              <FormInput
                {...form.bind('firstName')}
                type="name"
                autoComplete="given-name"
                title={t('insurance.edit.firstName')}
                required
                limit={100}
                disabled={busy}
              />
              <FormInput
                {...form.bind('lastName')}
                type="name"
                autoComplete="family-name"
                title={t('insurance.edit.lastName')}
                required
                limit={100}
                disabled={busy}
              />
              {/* spec 2 §4/§5: typed yyyy-mm-dd and spelled back DD-MMM-YYYY in the portal's language (a native
                  date input follows the browser's locale); checkPolicyForm judges them on submit, as before */}
              <DateField {...form.bind('startDate')} title={t('insurance.edit.startDate')} required disabled={busy} />
              <DateField {...form.bind('endDate')} title={t('insurance.edit.endDate')} required disabled={busy} />
              <DateField {...form.bind('effectiveDate')} title={t('insurance.edit.effectiveDate')} optional disabled={busy} />
            </SimpleGrid>
            {documents.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('insurance.document.current')}
                </Text>
                {documents.map((d) => (
                  <Group key={d.id} gap="xs" wrap="wrap">
                    <Text size="sm">{d.name}</Text>
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={download.isPending && download.variables?.id === d.id}
                      onClick={() => download.mutate({ id: d.id, name: d.name })}
                      aria-label={t('insurance.document.downloadNamed', { name: d.name })}
                    >
                      {t('insurance.document.download')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      disabled={busy}
                      onClick={() => {
                        setDeleteError(null);
                        setDeleting({ id: d.id, name: d.name });
                      }}
                      aria-label={t('insurance.document.deleteNamed', { name: d.name })}
                    >
                      {t('insurance.document.delete')}
                    </Button>
                  </Group>
                ))}
                {download.isError && (
                  <Text size="sm" c="red" role="alert">
                    {t('insurance.document.downloadError')}
                  </Text>
                )}
              </Stack>
            )}
            <FileInput
              name="file"
              label={documents.length > 0 ? t('insurance.document.replace') : t('insurance.document.file')}
              description={t('insurance.document.hint')}
              placeholder={t('insurance.document.choose')}
              withAsterisk={documents.length === 0}
              clearable
              clearButtonProps={{ 'aria-label': t('insurance.document.clear') }}
              accept={DOCUMENT_ACCEPT}
              value={form.values.file}
              disabled={busy}
              onChange={(f) => form.setValue('file', f)}
              error={messageText(t, fileError)}
            />
            {upload.isPending && (
              <Stack gap={4} role="status" aria-live="polite">
                <Text size="sm">{t('insurance.document.uploading', { name: form.values.file?.name ?? '' })}</Text>
                <Progress value={100} animated striped aria-label={t('insurance.document.uploadProgress')} />
              </Stack>
            )}
            {alert && (
              <Alert color="red" role="alert">
                {t(alert.key, alert.values)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy} disabled={busy}>
                {isNew ? t('insurance.edit.submitNew') : t('insurance.edit.submitEdit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('insurance.document.deleteTitle')}
        confirmLabel={t('insurance.document.deleteConfirm')}
        danger
        loading={deleteDocument.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {t('insurance.document.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
