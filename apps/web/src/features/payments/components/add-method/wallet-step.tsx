// spec 1 §3 / §4 / §9 (payment flow only, spec 2 §9): an Apple Pay or Google Pay wallet. The sandbox stands in for the
// device's payment sheet: POST /sandbox/wallet/session gives the wallet token and validation url, the tenant confirms
// on a small sheet, then POST /create TYPE_WALLET (the server answers an unexpired wallet of that type instead).

import { Alert, Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { WALLET_TYPES, type WalletType } from '@portal/domain/entities';
import { mapAddWalletError } from '@portal/domain/errors';
import type { MessageRef } from '@portal/domain/rule';
import { useRef, useState } from 'react';
import { answerOf } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useCreatePaymentMethod } from '../../api/create-payment-method';
import { useCreateWalletSession, type WalletSession } from '../../api/create-wallet-session';
import { isWindowsPlatform } from '../method-display';
import { StepHeading } from './step-heading';

interface Props {
  /** The company being paid: its country sets the wallet currency (spec 1 §9). */
  companyId?: string;
  onAdded: (method: PaymentMethodRecord) => void;
  onBack: () => void;
}

const WALLET_KEYS: Record<WalletType, 'payments.wallet.applePay' | 'payments.wallet.googlePay'> = {
  APPLE_PAY: 'payments.wallet.applePay',
  GOOGLE_PAY: 'payments.wallet.googlePay',
};

const errorOf = (err: unknown): MessageRef => mapAddWalletError(answerOf(err));

export function WalletStep({ companyId, onAdded, onBack }: Props) {
  const { t } = useTranslation();
  const session = useCreateWalletSession();
  const create = useCreatePaymentMethod();
  // spec 1 §5: Apple Pay is not offered on Windows
  const [offered] = useState<readonly WalletType[]>(() => WALLET_TYPES.filter((w) => w !== 'APPLE_PAY' || !isWindowsPlatform()));
  const [walletType, setWalletType] = useState<WalletType>(offered[0]);
  const [sheet, setSheet] = useState<WalletSession | null>(null);
  const [alert, setAlert] = useState<MessageRef | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const walletName = t(WALLET_KEYS[walletType]);

  const fail = (err: unknown) => {
    setAlert(errorOf(err));
    setTimeout(() => alertRef.current?.focus());
  };

  const openSheet = async () => {
    setAlert(null);
    try {
      setSheet(await session.mutateAsync({ walletType, ...(companyId ? { companyId } : {}) }));
    } catch (err) {
      fail(err);
    }
  };

  const confirm = async () => {
    if (!sheet) return;
    setAlert(null);
    try {
      const method = await create.mutateAsync({
        body: {
          type: 'TYPE_WALLET',
          walletType,
          walletToken: sheet.walletToken,
          walletValidationUrl: sheet.walletValidationUrl,
          ...(companyId ? { companyId } : {}),
        },
      });
      onAdded(method);
    } catch (err) {
      fail(err);
    }
  };

  const problem = alert && (
    <Alert color="red" role="alert" ref={alertRef} tabIndex={-1}>
      {t(alert.key, alert.values)}
    </Alert>
  );

  if (sheet) {
    return (
      <Stack gap="md">
        <StepHeading id="wallet-sheet-heading">{t('payments.wallet.sheetTitle', { wallet: walletName })}</StepHeading>
        <Card withBorder padding="md" radius="md">
          <Stack gap={4}>
            <Text fw={600}>{walletName}</Text>
            <Text size="sm">{t('payments.wallet.sheetText', { wallet: walletName })}</Text>
            <Text size="sm" c="dimmed">
              {t('payments.wallet.currency', { currency: sheet.currency })}
            </Text>
          </Stack>
        </Card>
        {problem}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setSheet(null)} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={create.isPending} disabled={create.isPending}>
            {t('payments.wallet.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <StepHeading id="wallet-heading">{t('payments.wallet.title')}</StepHeading>
      <Radio.Group
        label={t('payments.wallet.choose')}
        value={walletType}
        onChange={(v) => setWalletType(v === 'GOOGLE_PAY' ? 'GOOGLE_PAY' : 'APPLE_PAY')}
      >
        <Stack gap="xs" mt="xs">
          {offered.map((w) => (
            <Radio key={w} value={w} label={t(WALLET_KEYS[w])} disabled={session.isPending} />
          ))}
        </Stack>
      </Radio.Group>
      {problem}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={session.isPending}>
          {t('payments.add.back')}
        </Button>
        <Button onClick={openSheet} loading={session.isPending} disabled={session.isPending}>
          {t('payments.add.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
