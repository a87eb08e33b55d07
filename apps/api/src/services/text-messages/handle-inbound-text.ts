// spec 1 §3/§4 Text messages: a tenant who replies STOP to one of our texts is muted by CUSTOMER
// (textMessageNotificationMutedBy), and the account page tells them to text START to get texts again. This is the
// other half: the reply itself, delivered by the text-message provider's webhook.
import { toE164Phone } from '@portal/domain/input-fields';
import { textReplyKeyword } from '@portal/domain/text-messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customers } from '../../db/schema.ts';
import { diffRecords, recordAudit } from '../../lib/audit.ts';

export type InboundTextResult = 'MUTED' | 'UNMUTED' | 'IGNORED';

export interface InboundText {
  from: string;
  body: string;
}

/**
 * Applies a reply to every customer whose mobile phone sent it. An unknown number or keyword is IGNORED, with
 * nothing written (the provider gets the same answer either way: the webhook reveals nothing about our customers).
 */
export async function handleInboundText(ctx: AppContext, text: InboundText): Promise<InboundTextResult> {
  const keyword = textReplyKeyword(text.body);
  const phone = toE164Phone(text.from);
  if (!keyword || !phone) return 'IGNORED';
  const mute = keyword === 'STOP';
  const next = { muteTextMessageNotification: mute, textMessageNotificationMutedBy: mute ? 'CUSTOMER' : null };
  return ctx.db.transaction(async (tx) => {
    const owners = await tx
      .select({
        id: customers.id,
        muteTextMessageNotification: customers.muteTextMessageNotification,
        textMessageNotificationMutedBy: customers.textMessageNotificationMutedBy,
      })
      .from(customers)
      .where(eq(customers.phone, phone));
    if (owners.length === 0) return 'IGNORED';
    for (const { id, ...before } of owners) {
      const changes = diffRecords(before, next);
      if (Object.keys(changes).length === 0) continue;
      await tx
        .update(customers)
        .set({ ...next, updatedAt: ctx.now().toISOString() })
        .where(eq(customers.id, id));
      await recordAudit(tx, {
        recordType: 'customer',
        recordId: id,
        action: 'UPDATE',
        changes,
        actor: { id: null, type: 'TYPE_TEXT_MESSAGE_REPLY' },
      });
    }
    return mute ? 'MUTED' : 'UNMUTED';
  });
}
