// The lease's documents (spec 1 §6 "They can see tenant documents"; issue 23: the manager uploads one the tenant sees).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type ChangeEvent, useRef, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { downloadFile } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useLeaseDocuments, useUploadLeaseDocument } from './api/leases';

export function DocumentsPanel({ leaseId, hasTenant }: { leaseId: string; hasTenant: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const docs = useLeaseDocuments(leaseId, hasTenant);
  const upload = useUploadLeaseDocument(leaseId);
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (!hasTenant) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.leases.documents.noTenant')}
      </Text>
    );
  }
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file) return;
    setFailure(null);
    upload.mutate(file, { onError: (error) => setFailure(error.message) });
  };
  return (
    <Stack gap="sm">
      <Group>
        <input
          ref={input}
          type="file"
          accept=".pdf,.png,.jpg,.jpeg,.csv"
          hidden
          onChange={onFile}
          aria-label={t('admin.leases.documents.upload')}
          data-testid="lease-document-input"
        />
        <Button size="xs" variant="light" loading={upload.isPending} onClick={() => input.current?.click()}>
          {t('admin.leases.documents.upload')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('admin.leases.documents.hint')}
        </Text>
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {docs.isPending && <LoadingState />}
      {docs.isError && <ErrorState error={docs.error} onRetry={() => void docs.refetch()} />}
      {docs.data && docs.data.records.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.leases.documents.empty')}
        </Text>
      )}
      {docs.data && docs.data.records.length > 0 && (
        <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {docs.data.records.map((d) => (
            <Group component="li" key={d.id} justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {d.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(d.ownerType === 'TYPE_CUSTOMER' ? 'admin.leases.documents.byTenant' : 'admin.leases.documents.byManager')}
                  {' · '}
                  {formatDate(d.createDate, lang)}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="subtle"
                aria-label={t('admin.leases.documents.downloadNamed', { name: d.name })}
                onClick={() => void downloadFile(`/document/${encodeURIComponent(d.id)}/download`, d.name)}
              >
                {t('admin.leases.documents.download')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
