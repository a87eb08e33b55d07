// /sandbox/mail (issue 25 "Real SMTP"): the demo's inbox, where the mail the portal "sent" without SMTP can be read and
// its links followed (a reset link, a verification link). Public on the demo, the admin's otherwise (the API decides).
// The list refreshes every few seconds; the selected mail shows as plain text with clickable links, or its HTML part
// in a sandboxed frame (no scripts; never injected into this page).
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { signup } from '@portal/i18n/locales/en.json?lazy';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { LanguageSelect } from '../../components/language-select';
import { ErrorState, LoadingState } from '../../components/query-state';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { addEnglish, type Lang, toLang, useTranslation } from '../../lib/i18n';
import { useLang } from '../../lib/locale';
import { INBOX_PAGE_SIZE, type InboxEntry, useSandboxInbox, useSandboxMail } from './api/sandbox-mail';
import { DetailList } from './detail-list';
import { LinkifiedText } from './linkify';

addEnglish({ signup });

export function SandboxMailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState(params.get('to') ?? '');
  const [to, setTo] = useState(params.get('to')?.trim() ?? '');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const inbox = useSandboxInbox({ to, page });
  useDocumentTitle(t('signup.mailbox.title'));

  const show = (value: string) => {
    setTo(value.trim());
    setPage(1);
    setSelected(null);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    show(draft);
  };

  const refused = inbox.error instanceof ApiError ? inbox.error.status : null;
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / INBOX_PAGE_SIZE)) : 1;

  return (
    <Container size="lg" py="xl" px="sm" component="main">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {t('signup.mailbox.title')}
          </Title>
          <LanguageSelect value={toLang(i18n.language)} onChange={(lang) => void i18n.changeLanguage(lang)} size="xs" />
        </Group>
        {refused === 401 || refused === 403 ? (
          <Alert color="yellow" variant="light" role="alert" title={t('signup.mailbox.restrictedTitle')}>
            <Stack gap="xs">
              <Text size="sm">{t('signup.mailbox.restrictedText')}</Text>
              <Anchor component={Link} to="/signin?next=%2Fsandbox%2Fmail" c="blue.8">
                {t('signup.mailbox.signIn')}
              </Anchor>
            </Stack>
          </Alert>
        ) : refused === 404 ? (
          <Alert color="gray" variant="light" role="status">
            {t('signup.mailbox.noInbox')}
          </Alert>
        ) : (
          <>
            <Text>{t('signup.mailbox.intro')}</Text>
            <form onSubmit={onSubmit}>
              <Group align="flex-end" gap="xs" wrap="wrap">
                <TextInput
                  label={t('signup.mailbox.filterLabel')}
                  placeholder={t('signup.mailbox.filterPlaceholder')}
                  type="email"
                  autoComplete="off"
                  value={draft}
                  onChange={(e) => setDraft(e.currentTarget.value)}
                  style={{ flex: '1 1 16rem' }}
                />
                <Button type="submit">{t('signup.mailbox.filter')}</Button>
                {to && (
                  <Button
                    variant="default"
                    onClick={() => {
                      setDraft('');
                      show('');
                    }}
                  >
                    {t('signup.mailbox.showAll')}
                  </Button>
                )}
              </Group>
            </form>
            {inbox.isPending ? (
              <LoadingState />
            ) : inbox.isError ? (
              <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} />
            ) : (
              <Grid gap="md">
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <MessageList
                    records={inbox.data.records}
                    to={to}
                    selected={selected}
                    onSelect={setSelected}
                    page={page}
                    pages={pages}
                    onPage={setPage}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 7 }}>
                  {selected ? (
                    <MessageView key={selected} id={selected} />
                  ) : (
                    inbox.data.records.length > 0 && <Text c="dimmed">{t('signup.mailbox.choose')}</Text>
                  )}
                </Grid.Col>
              </Grid>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

function MessageList(props: {
  records: InboxEntry[];
  to: string;
  selected: string | null;
  onSelect: (id: string) => void;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { records, to, selected, onSelect, page, pages, onPage } = props;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4" id="sandbox-mail-list">
        {t('signup.mailbox.listLabel')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('signup.mailbox.autoRefresh')}
      </Text>
      {records.length === 0 ? (
        <Text role="status">{to ? t('signup.mailbox.emptyFor', { to }) : t('signup.mailbox.empty')}</Text>
      ) : (
        <Box component="ul" aria-labelledby="sandbox-mail-list" m={0} p={0} style={{ listStyle: 'none' }}>
          {records.map((m) => {
            const current = m.id === selected;
            return (
              <li key={m.id}>
                <UnstyledButton
                  onClick={() => onSelect(m.id)}
                  aria-current={current ? 'true' : undefined}
                  w="100%"
                  p="xs"
                  style={{
                    borderBottomWidth: 1,
                    borderBottomStyle: 'solid',
                    borderBottomColor: 'var(--mantine-color-gray-3)',
                    background: current ? 'var(--mantine-color-blue-0)' : undefined,
                    borderInlineStart: current ? '3px solid var(--mantine-color-blue-8)' : '3px solid transparent',
                  }}
                >
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {m.subject || t('signup.mailbox.noSubject')}
                  </Text>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {t('signup.mailbox.toLine', { to: m.to })} ·{' '}
                    <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, lang)}</time>
                  </Text>
                </UnstyledButton>
              </li>
            );
          })}
        </Box>
      )}
      {pages > 1 && <Pager page={page} pages={pages} onPage={onPage} />}
    </Stack>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" component="nav" aria-label={t('signup.mailbox.pageOf', { page, pages })}>
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('signup.mailbox.previous')}
      </Button>
      <Text size="sm">{t('signup.mailbox.pageOf', { page, pages })}</Text>
      <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('signup.mailbox.next')}
      </Button>
    </Group>
  );
}

function MessageView({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const mail = useSandboxMail(id);
  const [asHtml, setAsHtml] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // A newly chosen mail is read from its heading (on a phone it sits below the list).
  useEffect(() => {
    if (mail.data) heading.current?.focus();
  }, [mail.data]);

  if (mail.isPending) return <LoadingState />;
  if (mail.isError) return <ErrorState error={mail.error} onRetry={() => void mail.refetch()} />;
  const m = mail.data;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby="sandbox-mail-subject">
      <Stack gap="sm">
        <Title order={2} size="h3" id="sandbox-mail-subject" ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
          {m.subject || t('signup.mailbox.noSubject')}
        </Title>
        <MailHeaders from={m.from} to={m.to} date={m.createdAt} lang={lang} />
        <Group>
          <Button variant="default" size="xs" aria-pressed={asHtml} onClick={() => setAsHtml((v) => !v)}>
            {asHtml ? t('signup.mailbox.viewText') : t('signup.mailbox.viewHtml')}
          </Button>
        </Group>
        {asHtml ? (
          <iframe
            title={t('signup.mailbox.htmlFrame')}
            // No scripts, no same-origin access; links open on a click (a new tab, or this window when the mail says so).
            sandbox="allow-popups allow-top-navigation-by-user-activation"
            srcDoc={linksToTop(m.html)}
            style={{
              width: '100%',
              height: '70vh',
              minHeight: '28rem',
              border: '1px solid var(--mantine-color-gray-3)',
              background: '#fff',
            }}
          />
        ) : (
          <LinkifiedText text={m.text} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The mail's HTML with its links opening in this window (a `<base target="_top">` in its head): followed inside the
 * frame, a link to the portal would be refused (frame-ancestors 'none'). Links with their own target keep it.
 */
export function linksToTop(html: string): string {
  const base = '<base target="_top">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  return base + html;
}

function MailHeaders({ from, to, date, lang }: { from: string; to: string; date: string; lang: Lang }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('signup.mailbox.from'), from],
    [t('signup.mailbox.to'), to],
    [t('signup.mailbox.date'), formatDateTime(date, lang)],
  ];
  return <DetailList rows={rows} />;
}
