// spec 2 §2 / §5 "Confirmations": terminating insurance needs a confirmation; it is irreversible (spec 2 §4) and the
// dialog says so. A refusal shows its errorCode (spec 2 §8); done, the "insurance terminated" info message.
import { mapErrorCodeAlert } from '@portal/domain/errors';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../components/notify';
import { answerOf } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { type InsurancePolicy, useTerminatePolicy } from '../api/insurance-policies';

export function TerminateInsuranceModal({
  opened,
  onClose,
  policy,
}: {
  opened: boolean;
  onClose: () => void;
  policy: InsurancePolicy | null;
}) {
  const { t } = useTranslation();
  const terminate = useTerminatePolicy();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setError(null);
  }, [opened]);
  const confirm = async () => {
    if (!policy) return;
    setError(null);
    try {
      await terminate.mutateAsync(policy.id);
      notifySuccess(t('insurance.info.terminated'));
      onClose();
    } catch (err) {
      const ref = mapErrorCodeAlert(answerOf(err));
      setError(t(ref.key, ref.values));
    }
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={t('insurance.terminate.title')}
      confirmLabel={t('insurance.terminate.confirm')}
      cancelLabel={t('insurance.terminate.cancel')}
      danger
      loading={terminate.isPending}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {t('insurance.terminate.text', {
        carrier: policy?.carrierName ?? '',
        number: policy?.policyIdentifier ?? '',
      })}
    </ConfirmDialog>
  );
}
