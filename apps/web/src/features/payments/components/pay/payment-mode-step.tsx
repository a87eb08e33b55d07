// spec 1 §4 "Method selector": the mode the selector switched to — paysafe cash (US) or union pay (Canada), which open
// their page in a new tab and then say what happens next (issue 21 §1), or split pay (instalments), whose first instalment
// is a payment with a receipt. Back returns to the entry. Split pay reads the tenant's phone (spec 1 §5 eligibility).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import { useQuery } from '@tanstack/react-query';
import { customerKeys } from '../../../../api/query-keys';
import type { Customer, PropertyLease } from '../../../../api/types';
import { api } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useSessionUser } from '../../../../lib/use-session-user';
import type { ModeRoute } from '../../forms/payment-options';
import { InstalmentStep } from '../modes/instalment-step';
import { PaysafeCashStep } from '../modes/paysafe-cash-step';
import { type RedirectDoneInfo, UnionPayStep } from '../modes/union-pay-step';

interface PaymentModeStepProps {
  route: ModeRoute;
  lease: PropertyLease;
  /** The amount entered, in cents (the mode's amount starts there). */
  amountCents: number;
  /** The tenant's saved methods (split pay's funding cards). */
  savedMethods: readonly PaymentMethodRecord[];
  onBack: () => void;
  /** A payment was made (the first instalment): its receipt. */
  onPaid: (result: PaymentResult) => void;
  /** The provider's page opened: what the flow's next step shows. */
  onRedirected: (info: RedirectDoneInfo) => void;
  /** Opens the add flow (split pay's 'add a credit card'), where the flow allows adding. */
  onAddCard?: () => void;
}

export function PaymentModeStep(props: PaymentModeStepProps) {
  const { route, lease, amountCents, onBack } = props;
  if (route === 'instalment') return <InstalmentMode {...props} />;
  const onDone = props.onRedirected;
  return route === 'paysafe' ? (
    <PaysafeCashStep lease={lease} amountCents={amountCents} onDone={onDone} onBack={onBack} />
  ) : (
    <UnionPayStep lease={lease} amountCents={amountCents} onDone={onDone} onBack={onBack} />
  );
}

/**
 * The tenant (GET /customer/{id}) under the shell's own query key, so the copy the shell already holds is used. Not
 * api/customer/get-customer.ts: importing it here would split it out of the shell's chunk into one more file of the
 * dashboard route (issue 2 bundle budget).
 */
function useTenant(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: () => api.get<Customer>(`/customer/${id}`),
    enabled: !!id,
  });
}

function InstalmentMode({ lease, amountCents, savedMethods, onBack, onPaid, onAddCard }: PaymentModeStepProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const customer = useTenant(user?.id);
  if (customer.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('payments.flow.modes.customerError')}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void customer.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
        <Group>
          <Button variant="default" onClick={onBack}>
            {t('payments.modes.back')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <InstalmentStep
      lease={lease}
      customer={customer.data ? { phone: customer.data.phone } : undefined}
      savedMethods={savedMethods}
      amountCents={amountCents}
      onPaid={onPaid}
      onBack={onBack}
      onAddCard={onAddCard}
    />
  );
}
