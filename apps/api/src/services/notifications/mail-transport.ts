// E-mail delivery of notices (issue 10: "e-mail delivery is pluggable, with a console transport by default"). A
// transport sends one message; MAIL_TRANSPORT chooses it: `console` (the default: each message printed to stdout) or
// `none` (nothing sent; the outbox keeps the notices PENDING, still shown in the portal). A real SMTP or API
// transport implements the same interface and is passed to buildApp({ mail }).
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The notice it carries (for logs and tests). */
  notificationId: string;
}

export interface MailTransport {
  /** `none` sends nothing: the dispatcher leaves the outbox alone. */
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

export function createConsoleTransport(write: (text: string) => void = (t) => process.stdout.write(t)): MailTransport {
  return {
    name: 'console',
    async send(message) {
      write(`--- e-mail to ${message.to}: ${message.subject}\n${message.text}\n---\n`);
    },
  };
}

export const NO_MAIL: MailTransport = {
  name: 'none',
  async send() {
    throw new Error('MAIL_TRANSPORT=none sends no e-mail');
  },
};

export function mailTransportFromEnv(env: NodeJS.ProcessEnv = process.env): MailTransport {
  const name = (env.MAIL_TRANSPORT ?? 'console').toLowerCase();
  if (name === 'none') return NO_MAIL;
  if (name !== 'console') throw new Error(`MAIL_TRANSPORT must be console or none (got ${name})`);
  return createConsoleTransport();
}
