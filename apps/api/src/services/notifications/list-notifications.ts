// The caller's notices (issue 10: "shown to the tenant in the portal"): newest first, paged, each with its title and body
// in the caller's language; mark one read, or all. Only the caller's own: another user's id answers 404 like a missing one.
import { toIsoInstant } from '@portal/domain/dates';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notifications } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { NotificationKind } from './notify.ts';
import { renderNotification } from './render-notification.ts';

type Row = typeof notifications.$inferSelect;

export interface NotificationView {
  id: string;
  kind: string;
  title: string;
  body: string;
  params: Row['params'];
  billingAccountId: string | null;
  createdAt: string;
  readAt: string | null;
}

function toView(row: Row, lang: Lang): NotificationView {
  const { title, body } = renderNotification(row.kind as NotificationKind, row.params, lang);
  return {
    id: row.id,
    kind: row.kind,
    title,
    body,
    params: row.params,
    billingAccountId: row.billingAccountId,
    createdAt: toIsoInstant(row.createdAt),
    readAt: row.readAt ? toIsoInstant(row.readAt) : null,
  };
}

export async function listNotifications(
  ctx: Pick<AppContext, 'db'>,
  input: { userId: string; page: number; recordsPerPage: number; lang: Lang },
) {
  const mine = eq(notifications.userId, input.userId);
  const [rows, [totals], [unread]] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(input.recordsPerPage)
      .offset((input.page - 1) * input.recordsPerPage),
    ctx.db.select({ n: count() }).from(notifications).where(mine),
    ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  const totalRecords = Number(totals?.n ?? 0);
  return {
    records: rows.map((r) => toView(r, input.lang)),
    page: input.page,
    totalRecords,
    totalPages: Math.ceil(totalRecords / input.recordsPerPage),
    unreadCount: Number(unread?.n ?? 0),
  };
}

export async function markNotificationRead(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: { userId: string; id: string; lang: Lang },
): Promise<NotificationView> {
  const mine = and(eq(notifications.id, input.id), eq(notifications.userId, input.userId));
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now().toISOString() })
    .where(and(mine, isNull(notifications.readAt)))
    .returning();
  if (row) return toView(row, input.lang);
  const [already] = await ctx.db.select().from(notifications).where(mine).limit(1);
  if (!already) throw AppError.notFound('Notification');
  return toView(already, input.lang);
}

export async function markAllNotificationsRead(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
): Promise<{ updated: number }> {
  const rows = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now().toISOString() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
