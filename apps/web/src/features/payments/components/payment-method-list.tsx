// spec 1 §2 / §5: the tenant's payment method cards, cleaned by cleanPaymentMethodList, with their removal.
import { Alert, Stack, Text, Title } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { cleanPaymentMethodList } from '@portal/domain/payment-methods';
import type { MessageRef } from '@portal/domain/rule';
import { useMemo, useRef, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useTranslation } from '../../../lib/i18n';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useAddresses } from '../api/search-addresses';
import { isWindowsPlatform, localToday, useMethodLabel } from './method-display';
import { PaymentMethodCard } from './payment-method-card';
import classes from './payments.module.css';
import { type MethodToRemove, RemoveMethodDialog } from './remove-method-dialog';

interface PaymentMethodListProps {
  customerId: string | undefined;
  /** spec 1 §5: remove disabled when every lease's company has onlyPMPaymentAllowed YES. */
  removeDisabled: boolean;
  disabledReasonId?: string;
  /** spec 1 §5: whether the empty list invites the tenant to add a method. */
  canAdd: boolean;
}

export function PaymentMethodList({ customerId, removeDisabled, disabledReasonId, canAdd }: PaymentMethodListProps) {
  const { t } = useTranslation();
  const methods = usePaymentMethods(customerId);
  const labelOf = useMethodLabel();
  const list = useMemo(
    () => cleanPaymentMethodList(methods.data?.records ?? [], { isWindows: isWindowsPlatform() }),
    [methods.data],
  );
  // spec 1 §7: the billing address of a method is one of the tenant's saved addresses (POST /address/search by userId)
  const needsAddresses = list.some((m) => m.billingAddressId);
  const addresses = useAddresses(needsAddresses ? customerId : null);
  const addressById = useMemo(() => new Map((addresses.data?.records ?? []).map((a) => [a.id, a])), [addresses.data]);
  const [toRemove, setToRemove] = useState<MethodToRemove | null>(null);
  const [refusal, setRefusal] = useState<MessageRef | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const today = localToday();

  const askRemove = (m: PaymentMethodRecord) => {
    setRefusal(null);
    setToRemove({ id: m.id, type: m.type, label: labelOf(m) });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="payment-methods-title">
      <Title order={2} size="h3" id="payment-methods-title" ref={headingRef} tabIndex={-1}>
        {t('payments.methods.title')}
      </Title>
      {refusal && (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          title={t('payments.methods.notRemovedTitle')}
          withCloseButton
          closeButtonLabel={t('payments.blocked.dismiss')}
          onClose={() => setRefusal(null)}
        >
          {t(refusal.key, refusal.values)}
        </Alert>
      )}
      {methods.isPending ? (
        <LoadingState label={t('payments.methods.loading')} />
      ) : methods.isError ? (
        <ErrorState error={methods.error} title={t('payments.methods.loadError')} onRetry={() => methods.refetch()} />
      ) : list.length === 0 ? (
        <Stack gap={4}>
          <Text fw={500}>{t('payments.methods.empty')}</Text>
          {canAdd && (
            <Text size="sm" c="dimmed">
              {t('payments.methods.emptyHint')}
            </Text>
          )}
        </Stack>
      ) : (
        <ul className={classes.list} aria-labelledby="payment-methods-title">
          {list.map((m) => (
            <PaymentMethodCard
              key={m.id}
              method={m}
              label={labelOf(m)}
              billingAddress={(m.billingAddressId && addressById.get(m.billingAddressId)) || null}
              removeDisabled={removeDisabled}
              disabledReasonId={disabledReasonId}
              onRemove={askRemove}
              today={today}
            />
          ))}
        </ul>
      )}
      <RemoveMethodDialog
        method={toRemove}
        onClose={() => setToRemove(null)}
        // the removed card's button is gone: focus moves to the list's heading instead of the page's top
        onRemoved={() => headingRef.current?.focus()}
        onRefused={setRefusal}
      />
    </Stack>
  );
}
