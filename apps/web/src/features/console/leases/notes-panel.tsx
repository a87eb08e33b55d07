// The manager's notes on a lease (spec 2 §6 "view tenant documents and notes"), newest first; never shown to the tenant.
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useAddLeaseNote, useLeaseNotes } from './api/leases';

export function NotesPanel({ leaseId }: { leaseId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notes = useLeaseNotes(leaseId);
  const add = useAddLeaseNote(leaseId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(t('validation.requiredField'));
      document.getElementById(`lease-note-${leaseId}`)?.focus();
      return;
    }
    setError(null);
    add.mutate(body.trim(), { onSuccess: () => setBody(''), onError: (e) => setError(e.message) });
  };

  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {t('admin.leases.notes.private')}
      </Text>
      <form onSubmit={submit} noValidate aria-label={t('admin.leases.notes.title')}>
        <Stack gap="xs">
          <Textarea
            id={`lease-note-${leaseId}`}
            label={t('admin.leases.notes.add')}
            rows={3}
            maxLength={4000}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={error}
            aria-invalid={!!error}
          />
          <Button type="submit" size="xs" w="fit-content" loading={add.isPending}>
            {t('admin.leases.notes.save')}
          </Button>
        </Stack>
      </form>
      {notes.isPending && <LoadingState />}
      {notes.isError && <ErrorState error={notes.error} onRetry={() => void notes.refetch()} />}
      {notes.data && notes.data.records.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.leases.notes.empty')}
        </Text>
      )}
      {notes.data && notes.data.records.length > 0 && (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {notes.data.records.map((n) => (
            <li key={n.id}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.body}
              </Text>
              <Text size="xs" c="dimmed">
                {t('admin.leases.notes.by', { name: n.authorName ?? '—', date: formatDate(n.createdAt, lang) })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
