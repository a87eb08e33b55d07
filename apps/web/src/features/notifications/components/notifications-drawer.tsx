// The list of notices, newest first (GET /notifications, 20 at a time): title and body in the tenant's language as the
// server wrote them, the date, unread ones marked and each one markable as read, or all at once. issue 25: a payment's
// notice links to its receipt as its e-mail does (/customer/dashboard?receipt=<transactionId>); following it closes the
// drawer and the dashboard opens the receipt (past-payments.tsx), also when the dashboard is already shown.
import { Alert, Anchor, Badge, Button, Card, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { receiptPathOf, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-notifications-read';
import classes from './notifications.module.css';

export function NotificationsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = useMediaQuery('(max-width: 36em)');
  const listId = useId();
  const query = useNotifications(opened);
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const pages = query.data?.pages ?? [];
  const records = pages.flatMap((p) => p.records);
  const unread = pages[0]?.unreadCount ?? 0;

  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size={phone ? '100%' : 'md'}>
      <Drawer.Overlay />
      <Drawer.Content>
        {/* a plain block, not a <header>: a second banner landmark inside the dialog (as app/theme.ts does for modals) */}
        <Drawer.Header component="div">
          <Drawer.Title>{t('notifications.title')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('common.close')} />
        </Drawer.Header>
        <Drawer.Body>
          {query.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="sm" aria-hidden="true" />
              <Text size="sm">{t('common.loading')}</Text>
            </Group>
          ) : query.isError ? (
            <Alert color="red" variant="light" role="alert" title={t('notifications.loadError')}>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </Alert>
          ) : records.length === 0 ? (
            <Text c="dimmed">{t('notifications.empty')}</Text>
          ) : (
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" aria-live="polite">
                  {t('notifications.unreadCount', { count: unread })}
                </Text>
                {unread > 0 && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    loading={markAll.isPending}
                    onClick={() => markAll.mutate()}
                    aria-controls={listId}
                  >
                    {t('notifications.markAllRead')}
                  </Button>
                )}
              </Group>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} id={listId}>
                {records.map((n) => (
                  <li key={n.id} data-testid="notification">
                    <Card withBorder padding="sm" radius="sm" className={classes.item} data-unread={n.readAt ? undefined : true}>
                      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                        <Title order={3} size="h6">
                          {n.title}
                        </Title>
                        {!n.readAt && (
                          <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
                            {t('notifications.new')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" mt={4}>
                        {n.body}
                      </Text>
                      <ReceiptLink path={receiptPathOf(n)} title={n.title} onFollow={onClose} />
                      <Group justify="space-between" mt="xs" gap="xs">
                        <Text size="xs" c="dimmed">
                          {formatDate(n.createdAt, lang)}
                        </Text>
                        {!n.readAt && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => markOne.mutate(n.id)}
                            loading={markOne.isPending && markOne.variables === n.id}
                            aria-label={t('notifications.markReadOf', { title: n.title })}
                          >
                            {t('notifications.markRead')}
                          </Button>
                        )}
                      </Group>
                    </Card>
                  </li>
                ))}
              </Stack>
              {query.hasNextPage && (
                <Group justify="center">
                  <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                    {t('notifications.older')}
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

/** "View the receipt", named with the notice's title (several payment notices in one list). */
function ReceiptLink({ path, title, onFollow }: { path: string | null; title: string; onFollow: () => void }) {
  const { t } = useTranslation();
  if (!path) return null;
  return (
    <Anchor
      component={Link}
      to={path}
      onClick={onFollow}
      size="sm"
      fw={600}
      c="blue.8"
      mt={4}
      display="inline-block"
      aria-label={t('notifications.viewReceiptOf', { title })}
      data-testid="notification-receipt-link"
    >
      {t('notifications.viewReceipt')}
    </Anchor>
  );
}
