// spec 1 §3/§4 Text messages: a tenant who replies STOP to one of our texts is muted by CUSTOMER
// (textMessageNotificationMutedBy), and the account page tells them to text START to get texts again. This is the
// other half: the reply itself, delivered by the text-message provider's webhook. STOP-like keywords mute, START-like
// ones unmute (the carrier keywords of CTIA / CRTC practice); anything else is ignored.
import { toE164Phone } from '@portal/domain/input-fields';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { customers } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'ARRET', 'ARRÊT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'SUBSCRIBE']);

export type InboundTextResult = 'MUTED' | 'UNMUTED' | 'IGNORED';

export interface InboundText {
  from: string;
  body: string;
}

/** What a reply asks for: its first word, case- and punctuation-insensitive. */
export function keywordOf(body: string): 'STOP' | 'START' | null {
  const word =
    body
      .trim()
      .split(/\s+/)[0]
      ?.toUpperCase()
      .replace(/[.!]+$/, '') ?? '';
  if (STOP_WORDS.has(word)) return 'STOP';
  if (START_WORDS.has(word)) return 'START';
  return null;
}

/**
 * Applies a reply to every customer whose mobile phone sent it. An unknown number or keyword is IGNORED, with
 * nothing written (the provider gets the same answer either way: the webhook reveals nothing about our customers).
 */
export async function handleInboundText(ctx: AppContext, text: InboundText): Promise<InboundTextResult> {
  const keyword = keywordOf(text.body);
  const phone = toE164Phone(text.from);
  if (!keyword || !phone) return 'IGNORED';
  const mute = keyword === 'STOP';
  return ctx.db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: customers.id, mute: customers.muteTextMessageNotification, by: customers.textMessageNotificationMutedBy })
      .from(customers)
      .where(eq(customers.phone, phone));
    if (owners.length === 0) return 'IGNORED';
    for (const owner of owners) {
      const next = { muteTextMessageNotification: mute, textMessageNotificationMutedBy: mute ? 'CUSTOMER' : null };
      if (owner.mute === next.muteTextMessageNotification && owner.by === next.textMessageNotificationMutedBy) continue;
      await tx
        .update(customers)
        .set({ ...next, updatedAt: ctx.now().toISOString() })
        .where(eq(customers.id, owner.id));
      await recordAudit(tx, {
        recordType: 'customer',
        recordId: owner.id,
        action: 'UPDATE',
        changes: {
          muteTextMessageNotification: { from: owner.mute, to: next.muteTextMessageNotification },
          textMessageNotificationMutedBy: { from: owner.by, to: next.textMessageNotificationMutedBy },
        },
        actor: { id: null, type: 'TYPE_TEXT_MESSAGE_REPLY' },
      });
    }
    return mute ? 'MUTED' : 'UNMUTED';
  });
}
