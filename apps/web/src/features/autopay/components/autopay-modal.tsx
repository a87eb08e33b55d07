// spec 2 §2 "Autopayment edit modal": set up or edit a lease's monthly autopayment, or disable it. Loaded lazily
// (load-autopay-modal.ts): the dashboard route's JavaScript budget has no room for it. Full screen on a phone; the
// close button (and Escape, and a click outside) only when autopay is not required (spec 2 §2) or cannot be saved
// here at all, or not now (past the upcoming payment's last change day: a tenant is never shut in a dialog they cannot
// finish).
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { showAutopayCloseButton } from '@portal/domain/autopay';
import { recurringChangeLocked } from '@portal/domain/business-days';
import { autopay, payments } from '@portal/i18n/locales/en.json?lazy';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { localToday } from '../../../lib/locale';
import { trackOpen } from '../../../lib/track';
import { useUpcomingPayment } from '../api/get-upcoming-payment';
import { AUTOPAY_MUTATION_KEY } from '../api/refresh';
import { autopaySaveBlock } from '../forms/autopay-form';
import { AutopayEditor } from './autopay-editor';

// The modal opens on the dashboard: it brings its texts and those of the method selector it reuses.
addEnglish({ autopay, payments });

export interface AutopayModalProps {
  opened: boolean;
  onClose: () => void;
  lease: PropertyLease;
}

export function AutopayModal({ opened, onClose, lease }: AutopayModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const saving = useIsMutating({ mutationKey: AUTOPAY_MUTATION_KEY }) > 0;
  const editing = !!lease.recurringSchedule?.active;
  // the editor's query (one request): a locked schedule cannot be saved, so even a required autopay's modal closes
  const [today] = useState(localToday);
  useEffect(() => (opened ? trackOpen('AUTOPAY_OPEN') : undefined), [opened]); // spec 2 §9 tracking pixel
  const upcoming = useUpcomingPayment(opened && editing ? lease.recurringSchedule?.id : null);
  const locked = editing && recurringChangeLocked(today, upcoming.data);
  const closable = showAutopayCloseButton(lease.requireAutoPay) || autopaySaveBlock(lease) !== null || locked;
  const close = () => {
    if (closable && !saving) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      // focus starts on the title, so a screen reader reads the notices above the first field (then Tab moves on)
      title={
        <span tabIndex={-1} data-autofocus>
          {editing ? t('autopay.modal.editTitle') : t('autopay.modal.setupTitle')}
        </span>
      }
      size="lg"
      fullScreen={phone}
      withCloseButton={closable}
      closeOnEscape={closable && !saving}
      closeOnClickOutside={closable && !saving}
      closeButtonProps={{ 'aria-label': t('common.close'), disabled: saving }}
    >
      {/* the content unmounts once the modal has closed: each opening starts from the saved schedule */}
      <AutopayEditor lease={lease} closable={closable} onDone={onClose} onClose={close} />
    </Modal>
  );
}
