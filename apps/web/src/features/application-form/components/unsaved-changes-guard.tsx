// Leaving with unsaved answers asks first: the browser's own prompt on reload or close (beforeunload), and a
// confirmation for the app's links (the shell's navigation), which this declarative router cannot block otherwise.
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/navigation';

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pendingHref, setPendingHref] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers show the prompt only when returnValue is set
      e.returnValue = '';
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const anchor = (e.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      e.preventDefault();
      e.stopPropagation();
      setPendingHref(url.pathname + url.search + url.hash);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  return (
    <ConfirmDialog
      opened={pendingHref !== null}
      title={t('applicationForm.leave.title')}
      confirmLabel={t('applicationForm.leave.confirm')}
      cancelLabel={t('applicationForm.leave.cancel')}
      danger
      onCancel={() => setPendingHref(null)}
      onConfirm={() => {
        const href = pendingHref;
        setPendingHref(null);
        if (href) navigate(href);
      }}
    >
      {t('applicationForm.leave.body')}
    </ConfirmDialog>
  );
}
