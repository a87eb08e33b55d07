// spec 1 §2 "Add payment method", §5 "Card and bank forms", §8 "Adding methods": choose a type (card, bank account,
// the online wallet provider, and — in the payment flow only, spec 2 §9 — an Apple Pay / Google Pay wallet), then its
// form or its provider page. Only types some non-terminated lease accepts are offered; none → 'merchant account not
// configured'. Titled, focus trapped, Escape closes (unless a call is running); full screen on a phone.
import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { addMethodTypesForLeases, bankLinkingCompany, leaseAcceptedPaymentTypes } from '@portal/domain/add-method-options';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { Country, PaymentMethodType } from '@portal/domain/entities';
import { merchantNotConfigured } from '@portal/domain/payment-methods';
import { payments } from '@portal/i18n/locales/en.json?lazy';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { notifyInfo, notifySuccess } from '../../../../components/notify';
import { addEnglish, useTranslation } from '../../../../lib/i18n';
import { useSessionUser } from '../../../../lib/use-session-user';
import { ADD_METHOD_MUTATION_KEY } from '../../api/create-payment-method';
import { BankLinkStep } from './bank-link-step';
import { BankMethodForm } from './bank-method-form';
import { CardMethodForm } from './card-method-form';
import { PayPalStep } from './paypal-step';
import { WalletStep } from './wallet-step';

// The modal may open outside the payment page (the payment flow): it brings the texts it shows.
addEnglish({ payments });

export interface AddPaymentMethodModalProps {
  opened: boolean;
  onClose: () => void;
  onAdded?: (method: PaymentMethodRecord) => void;
  /** spec 2 §9: wallets (Apple Pay / Google Pay) are offered in the payment flow, not on the payment page. */
  context: 'payment-page' | 'payment-flow';
  leases: PropertyLease[];
}

export function AddPaymentMethodModal(props: AddPaymentMethodModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const running = useIsMutating({ mutationKey: ADD_METHOD_MUTATION_KEY }) > 0;
  return (
    <Modal
      opened={props.opened}
      onClose={() => {
        if (!running) props.onClose();
      }}
      title={t('payments.add.title')}
      size="lg"
      fullScreen={phone}
      centered
      closeOnEscape={!running}
      closeOnClickOutside={!running}
      closeButtonProps={{ 'aria-label': t('common.close'), disabled: running }}
    >
      {/* the Modal unmounts its content when closed: each opening starts afresh (new session id, first step) */}
      <AddMethodFlow {...props} />
    </Modal>
  );
}

type Step = 'choose' | 'card' | 'bank' | 'bank-link' | 'paypal' | 'wallet';

const TYPE_TEXT: Record<string, { label: string; hint: string }> = {
  TYPE_CREDIT_CARD: { label: 'payments.add.types.card', hint: 'payments.add.types.cardHint' },
  TYPE_BANK_ACCOUNT: { label: 'payments.add.types.bank', hint: 'payments.add.types.bankHint' },
  TYPE_PAY_PAL: { label: 'payments.add.types.paypal', hint: 'payments.add.types.paypalHint' },
  TYPE_WALLET: { label: 'payments.add.types.wallet', hint: 'payments.add.types.walletHint' },
};

const isOpen = (l: PropertyLease) => l.status !== 'TERMINATED';
const asCountry = (c: string | null | undefined): Country | null => (c === 'CA' || c === 'US' ? c : null);

/** A random id for the session-id header of this opening (spec 1 §7). */
function newSessionId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function AddMethodFlow({ onClose, onAdded, context, leases }: AddPaymentMethodModalProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const userId = user?.id ?? '';
  const [sessionId] = useState(newSessionId);
  const types = addMethodTypesForLeases(leases, { excludeWallets: context === 'payment-page' });
  const notConfigured = merchantNotConfigured(types);
  const [type, setType] = useState<PaymentMethodType | undefined>(types[0]);
  const [step, setStep] = useState<Step>('choose');
  const [returned, setReturned] = useState(false);
  const [manualNotice, setManualNotice] = useState(false);

  const openLeases = leases.filter(isOpen);
  // the forms start in the country of the tenant's (first) company
  const defaultCountry = asCountry(openLeases[0]?.joins.company?.country) ?? 'CA';
  const linking = bankLinkingCompany(leases);
  const linkingCountry = asCountry(linking?.country) ?? defaultCountry;
  // spec 1 §9: the wallet's currency follows the company being paid
  const walletCompanyId = openLeases.find((l) => leaseAcceptedPaymentTypes(l).has('TYPE_WALLET'))?.companyId;

  const finish = (method: PaymentMethodRecord | null, alreadyLinked = false) => {
    if (alreadyLinked) notifyInfo(t('payments.paypal.alreadyLinked'));
    else notifySuccess(method ? t('payments.add.added', { label: method.label }) : t('payments.add.addedGeneric'));
    if (method) onAdded?.(method);
    onClose();
  };
  const back = () => {
    setManualNotice(false);
    setReturned(true);
    setStep('choose');
  };

  if (notConfigured) {
    return (
      <Stack gap="md">
        <Alert color="yellow" role="alert">
          {t(notConfigured.key, notConfigured.values)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  switch (step) {
    case 'card':
      return (
        <CardMethodForm userId={userId} sessionId={sessionId} defaultCountry={defaultCountry} onAdded={finish} onBack={back} />
      );
    case 'bank':
      return (
        <BankMethodForm
          userId={userId}
          defaultCountry={linking ? linkingCountry : defaultCountry}
          notice={manualNotice ? t('payments.bankLink.manualNote') : null}
          onAdded={finish}
          onBack={back}
        />
      );
    case 'bank-link':
      return (
        <BankLinkStep
          userId={userId}
          country={linkingCountry}
          onAdded={finish}
          onManual={() => {
            setManualNotice(true);
            setStep('bank');
          }}
          onBack={back}
        />
      );
    case 'paypal':
      return <PayPalStep userId={userId} onAdded={finish} onBack={back} />;
    case 'wallet':
      return <WalletStep companyId={walletCompanyId} onAdded={finish} onBack={back} />;
    default:
      return (
        <TypeChoice
          types={types}
          value={type}
          onChange={setType}
          onContinue={() => {
            if (type === 'TYPE_CREDIT_CARD') setStep('card');
            // spec 1 §2: a company with createBankAccountFromPlaidRequired links the account through the widget
            else if (type === 'TYPE_BANK_ACCOUNT') setStep(linking ? 'bank-link' : 'bank');
            else if (type === 'TYPE_PAY_PAL') setStep('paypal');
            else if (type === 'TYPE_WALLET') setStep('wallet');
          }}
          onCancel={onClose}
          focusChoice={returned}
        />
      );
  }
}

function TypeChoice({
  types,
  value,
  onChange,
  onContinue,
  onCancel,
  focusChoice,
}: {
  types: PaymentMethodType[];
  value: PaymentMethodType | undefined;
  onChange: (type: PaymentMethodType) => void;
  onContinue: () => void;
  onCancel: () => void;
  /** Coming back from a step: focus returns to the chosen type (the first opening keeps the modal's initial focus). */
  focusChoice: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusChoice) ref.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]')?.focus();
  }, [focusChoice]);
  return (
    <form
      ref={ref}
      onSubmit={(e) => {
        e.preventDefault();
        onContinue();
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label={t('payments.add.chooseType')}
          value={value ?? ''}
          onChange={(v) => onChange(types.find((x) => x === v) ?? types[0])}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
            {types.map((type) => (
              <Radio.Card key={type} value={type} radius="md" p="md" data-autofocus={type === value ? true : undefined}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator aria-hidden="true" />
                  <div>
                    <Text fw={600}>{t(TYPE_TEXT[type].label)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(TYPE_TEXT[type].hint)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!value}>
            {t('payments.add.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
