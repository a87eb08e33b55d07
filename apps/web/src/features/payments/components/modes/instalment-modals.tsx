// spec 1 §2 "Payment flow modals": instalment pay's how-it-works and payment schedule modals. spec 1 §4: the first
// instalment is the funded amount divided by the number of instalments plus the fee, collected at once; the later ones
// monthly (instalmentSchedule). Dates DD-MMM-YYYY, money in the user's locale.
import { Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { instalmentSchedule } from '@portal/domain/limits';
import { formatDate } from '../../../../lib/format';
import { useTranslation } from '../../../../lib/i18n';
import { useLang } from '../method-display';
import { ModeDialog } from './mode-dialog';

export interface HowItWorksModalProps {
  opened: boolean;
  onClose: () => void;
  installments: number;
  /** The fee as shown ('6.99% per transaction' or 'Free'). */
  feeText: string;
}

export function InstalmentHowItWorksModal({ opened, onClose, installments, feeText }: HowItWorksModalProps) {
  const { t } = useTranslation();
  return (
    <ModeDialog opened={opened} onClose={onClose} title={t('payments.modes.instalment.howTitle')}>
      <Stack gap="md">
        <List spacing="xs" type="ordered">
          <List.Item>{t('payments.modes.instalment.how1')}</List.Item>
          <List.Item>{t('payments.modes.instalment.how2', { n: installments })}</List.Item>
          <List.Item>{t('payments.modes.instalment.how3', { rest: installments - 1 })}</List.Item>
          <List.Item>{t('payments.modes.instalment.how4', { fee: feeText })}</List.Item>
          <List.Item>{t('payments.modes.instalment.how5')}</List.Item>
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </ModeDialog>
  );
}

export interface ScheduleModalProps {
  opened: boolean;
  onClose: () => void;
  fundedCents: number;
  /** The fee the tenant pays with the first instalment (0 when free or paid by the company). */
  feeCents: number;
  installments: number;
  /** The first instalment's date ('YYYY-MM-DD': today). */
  firstDate: string;
  money: (cents: number) => string;
}

export function InstalmentScheduleModal({
  opened,
  onClose,
  fundedCents,
  feeCents,
  installments,
  firstDate,
  money,
}: ScheduleModalProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = instalmentSchedule({ fundedAmountCents: fundedCents, installments, feeCents, firstDate });
  const total = rows.reduce((s, r) => s + r.amountCents, 0);
  return (
    <ModeDialog opened={opened} onClose={onClose} title={t('payments.modes.instalment.scheduleTitle')}>
      <Stack gap="md">
        <Table data-testid="instalment-schedule">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('payments.modes.instalment.scheduleNumber')}</Table.Th>
              <Table.Th scope="col">{t('payments.modes.instalment.scheduleDate')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('payments.modes.instalment.scheduleAmount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.number}>
                <Table.Td>{r.number}</Table.Td>
                <Table.Td>
                  {formatDate(r.dueDate, lang)}
                  {r.number === 1 && (
                    <Text span size="xs" c="dimmed" display="block">
                      {feeCents > 0 ? t('payments.modes.instalment.todayWithFee') : t('payments.modes.instalment.today')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(r.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                {t('payments.modes.instalment.total')}
              </Table.Th>
              <Table.Td ta="right" fw={700}>
                {money(total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </ModeDialog>
  );
}
