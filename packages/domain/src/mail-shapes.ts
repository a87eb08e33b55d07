// issue 25: the shapes of the mail calls (docs/api-contract.md "Mail: sandbox inbox and outbox"), one definition for the
// server that answers them (apps/api services/mail/inbox.ts, admin-outbox.ts) and the screens that read them.

/** A mail of the durable outbox moves PENDING → SENDING → SENT, or FAILED / UNCERTAIN (services/mail/dispatch.ts). */
export const OUTBOX_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED', 'UNCERTAIN'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_PAGE_SIZE = 20;
/** What a mail is (services/mail/render.ts renders each; the admin's screen names each). */
export const MAIL_TEMPLATES = [
  'NOTICE',
  'PASSWORD_RESET',
  'GOOGLE_ACCOUNT',
  'PASSWORD_CHANGED',
  'EMAIL_VERIFY',
  'EMAIL_CHANGED',
  'EMAIL_REPLACED',
  'LEASE_INVITATION',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
export const INBOX_PAGE_SIZE = 20;

export interface OutboxRecord {
  id: string;
  template: string;
  toAddress: string;
  languageCode: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  /** False when its link secret is gone (send again would be refused). */
  canResend: boolean;
}

export interface OutboxPage {
  records: OutboxRecord[];
  total: number;
  page: number;
  counts: Record<OutboxStatus, number>;
}

/** A mail of the demo's sandbox inbox as the list shows it. */
export interface InboxEntry {
  id: string;
  to: string;
  from: string;
  subject: string;
  createdAt: string;
}

export interface InboxMessage extends InboxEntry {
  text: string;
  html: string;
}

export interface InboxPage {
  records: InboxEntry[];
  total: number;
  page: number;
}
