// The side modals of the payment modes (spec 1 §2 "Payment flow modals": iOS redirect confirm, how it works, payment
// schedule): titled by their heading, which takes the focus when the modal opens (a screen reader announces it), above
// the payment modal they open from.
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n';

interface ModeDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: string;
  /** The header's close button (off when the body has its own Close or Cancel; Escape closes either way). */
  withCloseButton?: boolean;
}

/** Above the payment flow's modal (Mantine's default 200). */
const SIDE_MODAL_Z_INDEX = 400;

export function ModeDialog({ opened, onClose, title, children, size = 'md', withCloseButton = false }: ModeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size} zIndex={SIDE_MODAL_Z_INDEX}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header>
          <Modal.Title tabIndex={-1} data-autofocus style={{ outline: 'none' }} fw={700}>
            {title}
          </Modal.Title>
          {withCloseButton && <Modal.CloseButton aria-label={t('common.close')} />}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
