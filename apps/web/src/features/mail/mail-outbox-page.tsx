// /admin/mail (issue 25: "a failure is visible to the admin"): the mail outbox in the console, admin only. The counts
// per status as badges; the failed and uncertain mails first (filter by status, search by address), each with its last
// error, attempts and times; "Send again" after a confirmation; a link to the sandbox inbox when the server has one.

import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { MAIL_TEMPLATES } from '@portal/domain/mail-shapes';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState, useErrorMessage } from '../../components/query-state';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useLang } from '../../lib/locale';
import { AdminLayout } from '../admin';
import {
  OUTBOX_PAGE_SIZE,
  OUTBOX_STATUSES,
  type OutboxRecord,
  type OutboxStatus,
  useMailOutbox,
  useResendMail,
} from './api/mail-outbox';
import { DetailList } from './detail-list';

/** The templates with a name on screen; another shows as its code. */
const TEMPLATES: readonly string[] = MAIL_TEMPLATES;
/** The screen opens on what needs the admin: the failed and uncertain mails. */
const PROBLEMS = 'FAILED,UNCERTAIN';
const STATUS_COLOR: Record<OutboxStatus, string> = {
  PENDING: 'blue',
  SENDING: 'cyan',
  SENT: 'green',
  FAILED: 'red',
  UNCERTAIN: 'orange',
};

export function MailOutboxPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState(PROBLEMS);
  const [draft, setDraft] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const outbox = useMailOutbox({ status, to, page });
  const resend = useResendMail();
  const errorMessage = useErrorMessage();
  const [confirming, setConfirming] = useState<OutboxRecord | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setTo(draft.trim());
    setPage(1);
  };
  const pages = outbox.data ? Math.max(1, Math.ceil(outbox.data.total / OUTBOX_PAGE_SIZE)) : 1;

  return (
    <AdminLayout>
      <PageContainer
        title={t('admin.mail.title')}
        actions={
          outbox.data?.sandboxInbox ? (
            <Anchor component={Link} to="/sandbox/mail" c="blue.8">
              {t('admin.mail.openInbox')}
            </Anchor>
          ) : null
        }
      >
        <Text>{t('admin.mail.intro')}</Text>
        {outbox.data && (
          <Group component="ul" gap="xs" aria-label={t('admin.mail.countsLabel')} m={0} p={0} style={{ listStyle: 'none' }}>
            {OUTBOX_STATUSES.map((s) => (
              <li key={s}>
                <Badge color={STATUS_COLOR[s]} variant="light" size="lg" tt="none" data-testid={`count-${s}`}>
                  {t(`admin.mail.status.${s}`)} {outbox.data.counts[s]}
                </Badge>
              </li>
            ))}
          </Group>
        )}
        <form onSubmit={onSearch}>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NativeSelect
              label={t('admin.mail.statusFilter')}
              value={status}
              onChange={(e) => {
                setStatus(e.currentTarget.value);
                setPage(1);
              }}
              data={[
                { value: PROBLEMS, label: t('admin.mail.problems') },
                { value: '', label: t('admin.mail.all') },
                ...OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`admin.mail.status.${s}`) })),
              ]}
            />
            <TextInput
              label={t('admin.mail.search')}
              placeholder={t('admin.mail.searchPlaceholder')}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit">{t('admin.mail.apply')}</Button>
          </Group>
        </form>
        {done && (
          <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setDone(null)}>
            {done}
          </Alert>
        )}
        <Title order={2} size="h3" id="mail-outbox-list">
          {t('admin.mail.listLabel')}
        </Title>
        {outbox.isPending ? (
          <LoadingState />
        ) : outbox.isError ? (
          <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} />
        ) : outbox.data.records.length === 0 ? (
          <Text c="dimmed">{t('admin.mail.none')}</Text>
        ) : (
          <Stack gap="sm" component="ul" aria-labelledby="mail-outbox-list" m={0} p={0} style={{ listStyle: 'none' }}>
            {outbox.data.records.map((mail) => (
              <li key={mail.id}>
                <MailCard
                  mail={mail}
                  onResend={() => {
                    resend.reset();
                    setDone(null);
                    setConfirming(mail);
                  }}
                />
              </li>
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Group justify="space-between" component="nav" aria-label={t('admin.mail.pageOf', { page, pages })}>
            <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('admin.mail.previous')}
            </Button>
            <Text size="sm">{t('admin.mail.pageOf', { page, pages })}</Text>
            <Button variant="default" size="xs" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('admin.mail.next')}
            </Button>
          </Group>
        )}
        <ConfirmDialog
          opened={confirming !== null}
          title={t('admin.mail.resendTitle')}
          confirmLabel={t('admin.mail.resend')}
          loading={resend.isPending}
          error={resend.isError ? errorMessage(resend.error) : null}
          onCancel={() => {
            resend.reset();
            setConfirming(null);
          }}
          onConfirm={() => {
            if (!confirming) return;
            const address = confirming.toAddress;
            resend.mutate(confirming.id, {
              onSuccess: () => {
                setConfirming(null);
                setDone(t('admin.mail.resent', { to: address }));
              },
            });
          }}
        >
          {confirming ? t('admin.mail.resendText', { to: confirming.toAddress }) : ''}
        </ConfirmDialog>
      </PageContainer>
    </AdminLayout>
  );
}

function MailCard({ mail, onResend }: { mail: OutboxRecord; onResend: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const template = TEMPLATES.includes(mail.template) ? t(`admin.mail.templates.${mail.template}`) : mail.template;
  const problem = mail.status === 'FAILED' || mail.status === 'UNCERTAIN';
  const rows: [string, string][] = [
    [t('admin.mail.template'), template],
    [t('admin.mail.attempts'), String(mail.attempts)],
    [t('admin.mail.queued'), formatDateTime(mail.createdAt, lang)],
  ];
  if (mail.sentAt) rows.push([t('admin.mail.sent'), formatDateTime(mail.sentAt, lang)]);
  if (mail.status === 'PENDING') rows.push([t('admin.mail.nextAttempt'), formatDateTime(mail.nextAttemptAt, lang)]);
  if (mail.lastError || problem) rows.push([t('admin.mail.lastError'), mail.lastError ?? t('admin.mail.noError')]);
  return (
    <Paper withBorder p="sm" component="article" aria-label={`${mail.toAddress}, ${template}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {mail.toAddress}
          </Text>
          <Badge color={STATUS_COLOR[mail.status]} variant="light" tt="none">
            {t(`admin.mail.status.${mail.status}`)}
          </Badge>
        </Group>
        <DetailList rows={rows} />
        {problem &&
          (mail.canResend ? (
            <Group>
              <Button size="xs" onClick={onResend} aria-label={t('admin.mail.resendNamed', { template, to: mail.toAddress })}>
                {t('admin.mail.resend')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              {t('admin.mail.linkGone')}
            </Text>
          ))}
      </Stack>
    </Paper>
  );
}
