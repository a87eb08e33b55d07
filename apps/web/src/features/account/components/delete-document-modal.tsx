// spec 1 §2: delete a listed document (the tenant's or the manager's) after a confirmation. Issue 21: a manager's
// document is removed from the tenant's list only (the manager keeps it), and the confirmation says so.
import { mapErrorCodeAlert } from '@portal/domain/errors';
import type { MessageRef } from '@portal/domain/rule';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useDeleteDocument } from '../api/delete-document';

export interface DocumentToDelete {
  id: string;
  name: string;
  /** Shared by the manager: removed from the tenant's list only. */
  fromManager?: boolean;
}

export function DeleteDocumentModal({ document, onClose }: { document: DocumentToDelete | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteDocument();
  const [error, setError] = useState<MessageRef | null>(null);
  // the text stays while the dialog closes (its transition) after `document` became null
  const shown = useRef(document);
  if (document) shown.current = document;
  const hide = shown.current?.fromManager === true;

  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };

  const confirm = async () => {
    if (!document) return;
    setError(null);
    try {
      await remove.mutateAsync(document.id);
      notifySuccess(t(hide ? 'account.documents.hidden' : 'account.documents.deleted'));
      close();
    } catch (err) {
      // spec 2 §8: a document delete error shows the errorCode
      setError(mapErrorCodeAlert({ errorCode: err instanceof ApiError ? err.errorCode : 'RM_ERROR_SYSTEM' }));
    }
  };

  return (
    <ConfirmDialog
      opened={!!document}
      title={t(hide ? 'account.documents.hideTitle' : 'account.documents.deleteTitle')}
      confirmLabel={t(hide ? 'account.documents.confirmHide' : 'account.documents.confirmDelete')}
      danger
      loading={remove.isPending}
      error={error ? t(error.key, error.values) : null}
      onConfirm={confirm}
      onCancel={close}
    >
      {t(hide ? 'account.documents.hideText' : 'account.documents.deleteText', { name: shown.current?.name ?? '' })}
    </ConfirmDialog>
  );
}
