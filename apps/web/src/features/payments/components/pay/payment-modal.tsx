// spec 1 §2 "Payment flow modals" / §4 "Payment flow": the one-time payment modal of a lease (entry → summary → receipt),
// opened from the dashboard's lease card and billing details; loaded lazily (components/lazy-modal.tsx). Titled per
// step, focus on each step's heading, Escape and the close button close it at once (no money moves before Pay) except
// while a payment call runs; full screen on a phone.
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { payments } from '@portal/i18n/locales/en.json?lazy';
import { useIsMutating } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { RECEIPT_MODAL_CLASSES } from '../../../../components/receipt/receipt-details';
import { addEnglish } from '../../../../lib/i18n';
import { trackOpen } from '../../../../lib/track';
import { PAY_MUTATION_KEY } from '../../api/process-payment';
import { PaymentFlow } from './payment-flow';

// The modal opens outside the payment page (the dashboard): it brings the texts it shows.
addEnglish({ payments });

export interface PaymentModalProps {
  opened: boolean;
  onClose: () => void;
  lease: PropertyLease;
  /** spec 2 §4: pay now (one-time payment) or pay later (instalments, the online wallet provider's pay later). */
  mode: 'PAY_NOW' | 'PAY_LATER';
}

export function PaymentModal({ opened, onClose, lease, mode }: PaymentModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const paying = useIsMutating({ mutationKey: PAY_MUTATION_KEY }) > 0;
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => (opened ? trackOpen('PAYMENT_OPEN') : undefined), [opened]); // spec 2 §9 tracking pixel
  const close = () => {
    if (!paying) onClose();
  };
  // Escape closes this modal only when pressed in it: Mantine listens on the window, so an Escape meant for the
  // add-method modal opened from here (another portal) would close both.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && contentRef.current?.contains(event.target as Node)) close();
  };
  return (
    <Modal.Root
      opened={opened}
      onClose={close}
      size="lg"
      fullScreen={phone}
      closeOnEscape={false}
      closeOnClickOutside={!paying}
      classNames={RECEIPT_MODAL_CLASSES}
    >
      <Modal.Overlay />
      <Modal.Content>
        {/* the content unmounts when the modal closes: each opening is a new payment attempt */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only listens for Escape bubbling from the dialog's content */}
        <div ref={contentRef} onKeyDown={onKeyDown}>
          <PaymentFlow lease={lease} onClose={close} closeDisabled={paying} paymentType={mode} />
        </div>
      </Modal.Content>
    </Modal.Root>
  );
}
