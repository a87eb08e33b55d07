// spec 1 §4 "Payment flow" / spec 2 §4: the online wallet provider's order flow on the summary. The provider button
// creates the order (POST /paypal_create_order, a spinner), the tenant approves it, and the capture
// (POST /paypal_capture_order) answers the payment whose receipt the flow shows; cancel resets. The provider's own
// buttons are a third-party script in production; offline, this step's approval panel stands in for them (the sandbox
// order needs no page of its own: an order is approved by capturing it). spec 1 §8: in pay-later mode the note
// 'PayPal Pay Later may not be available in your jurisdiction.'
import { Alert, Button, Card, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { MSG } from '@portal/domain/message-keys';
import { fromCents, toCents } from '@portal/domain/money';
import type { PaymentCharge, PaymentResult } from '@portal/domain/payment-shapes';
import { useRef, useState } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { useTranslation } from '../../../../lib/i18n';
import { type PayPalOrder, type PayPalOrderAmount, useCapturePayPalOrder, useCreatePayPalOrder } from '../../api/paypal-order';
import { StepHeading } from '../add-method/step-heading';
import { paymentErrorRef, useAttemptKeys, useLeaseMoney } from './mode-support';

export interface PayPalOrderStepProps {
  lease: PropertyLease;
  /** The amount to pay, in cents (ignored when `charges` is given). */
  amountCents: number;
  /** The charges by code, when the flow pays by charge code (amounts in decimal dollars). */
  charges?: PaymentCharge[];
  /** spec 2 §4: pay-later versus pay-now; PAY_LATER shows the jurisdiction note. */
  paymentType?: 'PAY_NOW' | 'PAY_LATER';
  /** The capture's payment: show its receipt. */
  onPaid: (result: PaymentResult) => void;
}

type Stage = 'idle' | 'creating' | 'approving' | 'capturing';

const PAYPAL_YELLOW = '#ffc439';
const PAYPAL_BLUE = '#003087';
/** The logo's second blue, darkened: the brand's #009cde on the yellow is 1.9:1, below WCAG AA's 4.5:1 (this is 5:1). */
const PAYPAL_LIGHT_BLUE = '#00509e';

export function PayPalOrderStep({ lease, amountCents, charges, paymentType = 'PAY_NOW', onPaid }: PayPalOrderStepProps) {
  const { t } = useTranslation();
  const { display, money } = useLeaseMoney(lease);
  const createOrder = useCreatePayPalOrder();
  const capture = useCapturePayPalOrder();
  const createKeys = useAttemptKeys();
  const captureKeys = useAttemptKeys();
  const [stage, setStage] = useState<Stage>('idle');
  const [order, setOrder] = useState<PayPalOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  const payCents = charges ? charges.reduce((s, c) => s + toCents(c.amount), 0) : amountCents;
  const what: PayPalOrderAmount = charges ? { charges } : { amount: fromCents(amountCents) };
  const signature = JSON.stringify({ lease: lease.id, ...what });
  const payLater = paymentType === 'PAY_LATER';

  const fail = (err: unknown) => {
    const ref = paymentErrorRef(err, lease, payCents, display);
    setError(ref ? t(ref.key, ref.values) : t('common.networkError'));
    setTimeout(() => errorRef.current?.focus());
  };

  const start = () => {
    if (stage !== 'idle') return;
    setError(null);
    setStage('creating');
    createOrder.mutate(
      { leaseId: lease.id, ...what, idempotencyKey: createKeys.keyFor(signature) },
      {
        onSuccess: (answer) => {
          createKeys.settled();
          setOrder(answer);
          setStage('approving');
        },
        onError: (err) => {
          createKeys.settled(err);
          setStage('idle');
          fail(err);
        },
      },
    );
  };

  const approve = () => {
    if (!order || stage !== 'approving') return;
    setStage('capturing');
    capture.mutate(
      { leaseId: lease.id, ...what, orderId: order.orderId, idempotencyKey: captureKeys.keyFor(order.orderId) },
      {
        onSuccess: (result) => {
          captureKeys.settled();
          onPaid(result);
        },
        onError: (err) => {
          captureKeys.settled(err);
          // a refused or cancelled order cannot be captured again: the flow starts over
          setOrder(null);
          setStage('idle');
          fail(err);
        },
      },
    );
  };

  // spec 1 §4: cancel resets
  const cancel = () => {
    setOrder(null);
    setStage('idle');
    setError(null);
  };

  return (
    <Stack gap="sm">
      {payLater && (
        <Alert color="blue" variant="light" role="note">
          {t(MSG.paypalPayLater)}
        </Alert>
      )}
      {stage === 'idle' && (
        <UnstyledButton
          onClick={start}
          aria-label={payLater ? t('payments.modes.paypal.payLaterLabel') : t('payments.modes.paypal.payLabel')}
          style={{
            background: PAYPAL_YELLOW,
            color: PAYPAL_BLUE,
            borderRadius: 24,
            minHeight: 44,
            width: '100%',
            fontWeight: 700,
            fontSize: 16,
            textAlign: 'center',
            padding: '10px 16px',
          }}
        >
          <span aria-hidden="true">
            <span style={{ fontStyle: 'italic' }}>Pay</span>
            <span style={{ fontStyle: 'italic', color: PAYPAL_LIGHT_BLUE }}>Pal</span>
            {payLater ? ` ${t('payments.modes.paypal.payLaterWord')}` : ''}
          </span>
        </UnstyledButton>
      )}
      {(stage === 'creating' || stage === 'capturing') && (
        <Group gap="sm" role="status" aria-live="polite" justify="center" py="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">
            {stage === 'creating' ? t('payments.modes.paypal.creating') : t('payments.modes.paypal.capturing')}
          </Text>
        </Group>
      )}
      {stage === 'approving' && order && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <StepHeading id="paypal-order-heading">{t('payments.modes.paypal.approveTitle')}</StepHeading>
            <Text size="sm">{t('payments.modes.paypal.approveText', { amount: money(payCents) })}</Text>
            <Text size="xs" c="dimmed">
              {t('payments.modes.paypal.orderRef', { order: order.orderId, currency: order.currency })}
            </Text>
            <Group justify="space-between" gap="sm" wrap="wrap-reverse">
              <Button variant="default" onClick={cancel}>
                {t('common.cancel')}
              </Button>
              <Button onClick={approve} style={{ background: PAYPAL_BLUE }}>
                {t('payments.modes.paypal.approve')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {error && (
        <Alert color="red" role="alert" ref={errorRef} tabIndex={-1}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
