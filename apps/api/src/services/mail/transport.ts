// How mail leaves (issue 25 "Real SMTP"): SMTP_URL names an SMTP server and nodemailer carries the mail there; without
// it the sandbox transport "delivers" into the demo's inbox (sandbox_mailbox, served at /sandbox/mail), in the very
// transaction that marks the mail SENT, so a sandbox mail is never lost nor doubled. MAIL_TRANSPORT=none sends nothing
// (the outbox keeps its mail PENDING). Tests pass their own transport to buildApp({ mail }).
import { Readable } from 'node:stream';
import type { Transporter } from 'nodemailer';
import type { Executor } from '../../db/client.ts';
import { sandboxMailbox } from '../../db/schema.ts';

export interface OutgoingMail {
  /** The outbox row it comes from. */
  outboxId: string;
  /** Stable per outbox row (`<id@host>`): a receiver that sees it twice can tell it is one mail. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** `smtp`, `sandbox`, `none` (nothing is claimed) or a test's own name. */
  readonly name: string;
  /** Delivered inside the dispatcher's transaction (`executor`): the mail and its SENT mark commit together. */
  readonly transactional?: boolean;
  send(mail: OutgoingMail, executor?: Executor): Promise<void>;
  /** Closes pooled connections (server stop). */
  close?(): Promise<void>;
}

export const NO_MAIL: MailTransport = {
  name: 'none',
  async send() {
    throw new Error('MAIL_TRANSPORT=none sends no e-mail');
  },
};

export const SANDBOX_MAIL: MailTransport = {
  name: 'sandbox',
  transactional: true,
  async send(mail, executor) {
    if (!executor) throw new Error('the sandbox inbox is written inside the outbox transaction');
    await executor.insert(sandboxMailbox).values({
      outboxId: mail.outboxId,
      messageId: mail.messageId,
      fromAddress: mail.from,
      toAddress: mail.to.toLowerCase(),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  },
};

/** The message was handed over but its fate is unknown: the dispatcher marks it UNCERTAIN, never sends it by itself. */
export class UncertainMailError extends Error {
  readonly uncertain = true;
  constructor(cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`No answer after the whole message was sent (${why}): whether the server took it is unknown.`, { cause });
  }
}

export function isUncertainMailError(err: unknown): boolean {
  return (err as { uncertain?: unknown } | null)?.uncertain === true;
}

/** An SMTP server's refusal for good (a 5xx answer, RFC 5321 §4.2.1): sending again cannot help. */
export function isPermanentMailError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. The URL's query sets
 * nodemailer options: `?ignoreTLS=true` for a local relay whose certificate nobody signed (test/mail-smtp.test.ts).
 */
export function createSmtpTransport(url: string, opts: { timeoutMs?: number } = {}): MailTransport {
  const timeout = opts.timeoutMs ?? 30_000;
  // nodemailer is loaded with the first mail, not at start: a server on the sandbox inbox never pays its ~13 MB
  // (idle memory, issue 21 §3).
  let loading: Promise<{ transporter: Transporter; compose: (mail: OutgoingMail) => Promise<Buffer> }> | null = null;
  const load = () =>
    (loading ??= (async () => {
      const [{ default: nodemailer }, { default: MailComposer }, { default: SMTPTransport }] = await Promise.all([
        import('nodemailer'),
        import('nodemailer/lib/mail-composer/index.js'),
        import('nodemailer/lib/smtp-transport/index.js'),
      ]);
      // nodemailer.createTransport(url, second) takes `second` as the mails' defaults and createTransport({ url, … })
      // keeps only the URL's fields: either way the limits were dropped (nodemailer's socket timeout is 10 minutes;
      // seen in test/mail-smtp.test.ts). The SMTP transport itself merges the URL (its query may override) into these.
      const smtp = new SMTPTransport({
        url,
        // One slow server must not hold the dispatcher: each step of the conversation has its own limit.
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        dnsTimeout: timeout,
      });
      const compose = (mail: OutgoingMail) =>
        new MailComposer({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
        })
          .compile()
          .build();
      return { transporter: nodemailer.createTransport(smtp), compose };
    })());
  return {
    name: 'smtp',
    async send(mail) {
      const { transporter, compose } = await load();
      const raw = await compose(mail);
      // Whether the server had the whole message when the conversation broke (below).
      let handedOver = false;
      const body = Readable.from([raw], { objectMode: false });
      body.once('end', () => {
        handedOver = true;
      });
      try {
        await transporter.sendMail({ from: mail.from, to: mail.to, raw: body });
      } catch (err) {
        // The whole message went out and then no answer (a timeout, a dropped connection): the server may have taken
        // it, so sending it again could deliver it twice. A refusal it answered (4xx, 5xx) is no such doubt.
        const answered = typeof (err as { responseCode?: unknown }).responseCode === 'number';
        if (handedOver && !answered) throw new UncertainMailError(err);
        throw err;
      }
    },
    async close() {
      if (loading) (await loading).transporter.close();
    },
  };
}

/** The transport of the environment: SMTP_URL → SMTP; MAIL_TRANSPORT=none → none; else the sandbox inbox. */
export function mailTransportFromEnv(env: NodeJS.ProcessEnv = process.env): MailTransport {
  const name = (env.MAIL_TRANSPORT ?? '').toLowerCase();
  if (name === 'none') return NO_MAIL;
  const url = env.SMTP_URL?.trim();
  if (url) return createSmtpTransport(url);
  if (name && name !== 'sandbox')
    throw new Error(`MAIL_TRANSPORT must be sandbox or none (got ${name}); SMTP_URL names an SMTP server`);
  return SANDBOX_MAIL;
}

/** The sender of every mail: MAIL_FROM, else the portal's no-reply address. */
export function mailFrom(env: NodeJS.ProcessEnv = process.env): string {
  return env.MAIL_FROM?.trim() || 'RentLedger <no-reply@portal.localhost>';
}
