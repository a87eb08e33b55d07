// spec 1 §2: the documents card: the tenant's own documents and the manager's, with download, delete and upload.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { documentNameFromUrl } from '@portal/domain/display';
import { isManagerDocument } from '@portal/domain/entities';
import { useMemo, useState } from 'react';
import type { DocumentRecord } from '../../../api/types';
import { lazyModal } from '../../../components/lazy-modal';
import { notifyError } from '../../../components/notify';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { toLang, useTranslation } from '../../../lib/i18n';
import { useDownloadDocument } from '../api/download-document';
import { useDocuments } from '../api/search-documents';
import { formatFileSize } from '../format-file-size';
import type { DocumentToDelete } from './delete-document-modal';

// Loaded on first open (components/lazy-modal.tsx): the page's first view carries neither (issue 9).
const UploadDocumentModal = lazyModal(() => import('./upload-document-modal').then((m) => m.UploadDocumentModal));
const DeleteDocumentModal = lazyModal(() => import('./delete-document-modal').then((m) => m.DeleteDocumentModal), {
  isOpen: (p) => p.document !== null,
  asClosed: (p) => ({ ...p, document: null }),
});

export interface ListedDocument {
  id: string;
  /** spec 1 §2: the sixth path segment of the url, decoded. */
  name: string;
  size: number;
  /** Shared by the manager (TYPE_MANAGER / TYPE_ADMIN): a tenant's delete hides it from the tenant only (issue 21). */
  fromManager: boolean;
}

/** spec 1 §2: TYPE_CUSTOMER documents are the tenant's; TYPE_MANAGER and TYPE_ADMIN the manager's. */
export function splitDocuments(records: readonly DocumentRecord[]): { mine: ListedDocument[]; manager: ListedDocument[] } {
  const mine: ListedDocument[] = [];
  const manager: ListedDocument[] = [];
  for (const d of records) {
    const fromManager = isManagerDocument(d.ownerType);
    const listed = { id: d.id, name: documentNameFromUrl(d.url) || d.name, size: d.size, fromManager };
    if (fromManager) manager.push(listed);
    else if (d.ownerType === 'TYPE_CUSTOMER') mine.push(listed);
  }
  return { mine, manager };
}

function DocumentList({
  titleId,
  title,
  empty,
  documents,
  onDelete,
}: {
  titleId: string;
  title: string;
  empty: string;
  documents: ListedDocument[];
  onDelete: (d: DocumentToDelete) => void;
}) {
  const { t, i18n } = useTranslation();
  const download = useDownloadDocument();
  const lang = toLang(i18n.language);

  const onDownload = (d: ListedDocument) =>
    download.mutate(
      { id: d.id, name: d.name },
      { onError: () => notifyError(t('account.documents.downloadFailed', { name: d.name })) },
    );

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {documents.map((d) => (
            <li key={d.id}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {d.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(d.size, lang)}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('account.documents.downloadNamed', { name: d.name })}
                    loading={download.isPending && download.variables?.id === d.id}
                    onClick={() => onDownload(d)}
                  >
                    {t('account.documents.download')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={t('account.documents.deleteNamed', { name: d.name })}
                    onClick={() => onDelete({ id: d.id, name: d.name, fromManager: d.fromManager })}
                  >
                    {t('account.documents.delete')}
                  </Button>
                </Group>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function DocumentsCard() {
  const { t } = useTranslation();
  const documents = useDocuments();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [toDelete, setToDelete] = useState<DocumentToDelete | null>(null);
  const split = useMemo(() => splitDocuments(documents.data?.records ?? []), [documents.data]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-documents-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="account-documents-title">
            {t('account.documents.title')}
          </Title>
          <Button onClick={() => setUploadOpen(true)}>{t('account.documents.upload')}</Button>
        </Group>
        {documents.isPending ? (
          <LoadingState />
        ) : documents.isError ? (
          <ErrorState error={documents.error} title={t('account.documents.loadError')} onRetry={() => documents.refetch()} />
        ) : (
          <>
            <DocumentList
              titleId="account-documents-mine"
              title={t('account.documents.mine')}
              empty={t('account.documents.emptyMine')}
              documents={split.mine}
              onDelete={setToDelete}
            />
            <DocumentList
              titleId="account-documents-manager"
              title={t('account.documents.manager')}
              empty={t('account.documents.emptyManager')}
              documents={split.manager}
              onDelete={setToDelete}
            />
          </>
        )}
      </Stack>
      <UploadDocumentModal opened={uploadOpen} onClose={() => setUploadOpen(false)} />
      <DeleteDocumentModal document={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
