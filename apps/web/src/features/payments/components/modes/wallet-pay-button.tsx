// spec 1 §4 "Payment flow" / "Wallet": the Apple Pay / Google Pay button of the summary. A wallet method is reused while
// its expireIn is in the future (isWalletReusable); otherwise the sandbox stands in for the device's payment sheet
// (POST /sandbox/wallet/session) and POST /create TYPE_WALLET makes the method (api/create-wallet-session.ts and
// api/create-payment-method.ts, as the add-method wallet step does). Then POST /processpayment with it.
// spec 1 §8: wallet errors show the field errors or 'generic-add-wallet'; a wallet with no linked method shows
// 'Cannot make payment because no payment method is linked to Wallet…'. spec 1 §5: no Apple Pay on Windows.
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { WALLET_TYPES, type WalletType } from '@portal/domain/entities';
import { mapAddWalletError } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import { fromCents, toCents } from '@portal/domain/money';
import { isWalletReusable } from '@portal/domain/payment-methods';
import type { PaymentCharge, PaymentResult, ProcessPaymentBody } from '@portal/domain/payment-shapes';
import type { MessageRef } from '@portal/domain/rule';
import { useRef, useState } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { ApiError, answerOf } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useSessionUser } from '../../../../lib/use-session-user';
import { useCreatePaymentMethod } from '../../api/create-payment-method';
import { useCreateWalletSession, type WalletSession } from '../../api/create-wallet-session';
import { usePaymentMethods } from '../../api/get-payment-methods';
import { useProcessPayment } from '../../api/process-payment';
import { StepHeading } from '../add-method/step-heading';
import { isWindowsPlatform } from '../method-display';
import { paymentErrorRef, useAttemptKeys, useLeaseMoney } from './mode-support';

export interface WalletPayButtonProps {
  lease: PropertyLease;
  /** The amount to pay, in cents (ignored when `charges` is given). */
  amountCents: number;
  /** The charges by code, when the flow pays by charge code (amounts in decimal dollars). */
  charges?: PaymentCharge[];
  /** The payment: show its receipt. */
  onPaid: (result: PaymentResult) => void;
  /** The tenant's saved methods (a reusable wallet among them is used); fetched when absent. */
  savedMethods?: readonly PaymentMethodRecord[];
  /** The wallets offered (default both; Apple Pay never on Windows). */
  walletTypes?: readonly WalletType[];
}

const WALLET_NAME_KEYS: Record<WalletType, 'payments.wallet.applePay' | 'payments.wallet.googlePay'> = {
  APPLE_PAY: 'payments.wallet.applePay',
  GOOGLE_PAY: 'payments.wallet.googlePay',
};

/** The sheet being confirmed: a reused method, or the sandbox session a new method is made from. */
type Sheet =
  | { walletType: WalletType; method: PaymentMethodRecord; session?: undefined }
  | { walletType: WalletType; session: WalletSession; method?: undefined };

export function WalletPayButton({
  lease,
  amountCents,
  charges,
  onPaid,
  savedMethods,
  walletTypes = WALLET_TYPES,
}: WalletPayButtonProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { display, money } = useLeaseMoney(lease);
  const fetched = usePaymentMethods(savedMethods ? null : user?.id);
  const methods = savedMethods ?? fetched.data?.records ?? [];
  const session = useCreateWalletSession();
  const create = useCreatePaymentMethod();
  const pay = useProcessPayment();
  const keys = useAttemptKeys();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [alert, setAlert] = useState<MessageRef | string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = session.isPending || create.isPending || pay.isPending;
  const offered = walletTypes.filter((w) => w !== 'APPLE_PAY' || !isWindowsPlatform());
  const payCents = charges ? charges.reduce((s, c) => s + toCents(c.amount), 0) : amountCents;
  const companyId = lease.companyId ?? undefined;

  const show = (problem: MessageRef | string) => {
    setAlert(problem);
    setTimeout(() => alertRef.current?.focus());
  };
  const walletProblem = (err: unknown) => show(mapAddWalletError(answerOf(err)));

  const open = async (walletType: WalletType) => {
    if (busy) return;
    setAlert(null);
    const reusable = methods.find(
      (m) => m.type === 'TYPE_WALLET' && m.walletType === walletType && isWalletReusable(m, new Date()),
    );
    if (reusable) {
      setSheet({ walletType, method: reusable });
      return;
    }
    try {
      setSheet({ walletType, session: await session.mutateAsync({ walletType, ...(companyId ? { companyId } : {}) }) });
    } catch (err) {
      walletProblem(err);
    }
  };

  const confirm = async () => {
    if (!sheet || busy) return;
    setAlert(null);
    let method = sheet.method;
    if (!method && sheet.session) {
      try {
        method = await create.mutateAsync({
          body: {
            type: 'TYPE_WALLET',
            walletType: sheet.walletType,
            walletToken: sheet.session.walletToken,
            walletValidationUrl: sheet.session.walletValidationUrl,
            ...(companyId ? { companyId } : {}),
          },
        });
        // a retry after a payment refusal pays with this method, not a new one
        setSheet({ walletType: sheet.walletType, method });
      } catch (err) {
        walletProblem(err);
        return;
      }
    }
    if (!method) return;
    const body: ProcessPaymentBody = {
      billingAccountId: lease.id,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: method.id,
      paymentMethodType: 'TYPE_WALLET',
      ...(charges ? { charges } : { amount: fromCents(amountCents) }),
    };
    pay.mutate(
      { body, idempotencyKey: keys.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (result) => {
          keys.settled();
          setSheet(null);
          onPaid(result);
        },
        onError: (err) => {
          keys.settled(err);
          const linked = mapAddWalletError(answerOf(err));
          if (err instanceof ApiError && linked.key === MSG.walletNoLinkedMethod) show(linked);
          else show(paymentErrorRef(err, lease, payCents, display) ?? t('common.networkError'));
        },
      },
    );
  };

  const problem = alert && (
    <Alert color="red" role="alert" ref={alertRef} tabIndex={-1}>
      {typeof alert === 'string' ? alert : t(alert.key, alert.values)}
    </Alert>
  );

  if (sheet) {
    const wallet = t(WALLET_NAME_KEYS[sheet.walletType]);
    return (
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <StepHeading id="wallet-pay-heading">{t('payments.wallet.sheetTitle', { wallet })}</StepHeading>
          <Text size="sm">{t('payments.modes.wallet.sheetText', { wallet, amount: money(payCents) })}</Text>
          {sheet.session && (
            <Text size="sm" c="dimmed">
              {t('payments.wallet.currency', { currency: sheet.session.currency })}
            </Text>
          )}
          {problem}
          <Group justify="space-between" gap="sm" wrap="wrap-reverse">
            <Button
              variant="default"
              onClick={() => {
                setSheet(null);
                setAlert(null);
              }}
              disabled={busy}
            >
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void confirm()} loading={create.isPending || pay.isPending}>
              {t('payments.modes.wallet.confirm', { amount: money(payCents) })}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="xs">
      {offered.map((walletType) => (
        <Button
          key={walletType}
          color="dark"
          radius="md"
          size="md"
          fullWidth
          loading={session.isPending && session.variables?.walletType === walletType}
          disabled={busy}
          onClick={() => void open(walletType)}
        >
          {t('payments.modes.wallet.payWith', { wallet: t(WALLET_NAME_KEYS[walletType]) })}
        </Button>
      ))}
      {problem}
    </Stack>
  );
}
