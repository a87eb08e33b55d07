// spec 2 §7 /eventtypes: the kinds of event /events/search finds. An audit event's type is its action (lib/audit.ts,
// the recordAudit call sites); a tracking event's type is its event (spec 2 §9). Labels: server.eventTypes.* (en, fr).
import { translate } from '../../lib/i18n.ts';
import { TRACKING_EVENTS } from '../tracking/tracking-events.ts';

/** The actions the API audits (test/events.test.ts holds this list to the recordAudit call sites of apps/api/src). */
export const AUDIT_EVENT_TYPES = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'ACCEPT',
  'ACCEPT_TERMS',
  'APPROVE',
  'BANK_RETURN',
  'CHARGE_POSTED',
  'CREDIT_POSTED',
  'DECLINE',
  'HIDE_FOR_CUSTOMER',
  'MIMIC_START',
  'PASSWORD_CHANGE',
  'PAYMENT_AS_TENANT',
  'REFUND_REQUESTED',
  'RENEW',
  'REVIEW',
  'REVOKE',
  'TERMINATE',
  'SET_LOG_LEVEL',
  // issue 24: API keys (services/api-keys)
  'TOKEN',
  'USE',
  // issue 25: accounts and mail (services/account, services/mail/admin-outbox.ts)
  'PASSWORD_RESET',
  'EMAIL_CHANGE_REQUESTED',
  'EMAIL_CHANGE_CANCELLED',
  'EMAIL_VERIFIED',
  'MAIL_RESEND',
] as const;

export type EventSource = 'AUDIT' | 'TRACKING';

export interface EventType {
  type: string;
  source: EventSource;
  labels: { en: string; fr: string };
}

const typeOf = (type: string, source: EventSource): EventType => ({
  type,
  source,
  labels: { en: translate('en', `server.eventTypes.${type}`), fr: translate('fr', `server.eventTypes.${type}`) },
});

/** Every event type, audit actions first, then the tracking events. */
export function listEventTypes(): { records: EventType[] } {
  return {
    records: [...AUDIT_EVENT_TYPES.map((t) => typeOf(t, 'AUDIT')), ...TRACKING_EVENTS.map((t) => typeOf(t, 'TRACKING'))],
  };
}

/** Whether a type is a tracking event (then only tracking_events can hold it). */
export const isTrackingType = (type: string): boolean => (TRACKING_EVENTS as readonly string[]).includes(type);
