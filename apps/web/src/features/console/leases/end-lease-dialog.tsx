// Ending a lease (issue 23): asked with its end date, then said what happens (autopay stops, open charges stay owed).
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { isValidIsoDate } from '@portal/domain/dates';
import { useState } from 'react';
import { DateField } from '../../../components/date-field';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { localToday, useLang } from '../../../lib/locale';
import { type ConsoleLease, useTerminateLease } from './api/leases';

export function EndLeaseDialog({ lease, opened, onClose }: { lease: ConsoleLease; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const terminate = useTerminateLease(lease.id);
  const [endDate, setEndDate] = useState(lease.endDate ?? localToday());
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!isValidIsoDate(endDate)) return setError(t('validation.date.invalid'));
    if (lease.startDate && endDate < lease.startDate) return setError(t('validation.date.endBeforeStart'));
    setError(null);
    terminate.mutate({ endDate }, { onSuccess: onClose, onError: (e) => setError(e.message) });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('admin.leases.end.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('admin.leases.end.explain')}</Text>
        {lease.openCharges.count > 0 && (
          <Alert color="yellow" variant="light">
            {t('admin.leases.end.openCharges', {
              count: lease.openCharges.count,
              amount: formatAmount(lease.openCharges.balance, lease.currency, lang),
            })}
          </Alert>
        )}
        {/* spec 2 §4/§5: typed yyyy-mm-dd and spelled back DD-MMM-YYYY in the portal's language; confirm() judges it */}
        <DateField
          name="endDate"
          title={t('admin.leases.end.endDate')}
          required
          value={endDate}
          onChange={setEndDate}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={terminate.isPending} onClick={confirm}>
            {t('admin.leases.end.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
