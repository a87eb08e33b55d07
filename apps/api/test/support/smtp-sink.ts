// A real SMTP server process for the mail tests (issue 25: "an SMTP test against a real SMTP server process started by
// the test"): smtp-server on 127.0.0.1 (a random port unless SINK_PORT), no TLS and no AUTH (localhost only), each
// message parsed by mailparser and written to stdout as one JSON line. Its behaviour comes from the environment:
//   SINK_REFUSE_FIRST=n  the first n messages are refused at the end of DATA, with SINK_REFUSE_CODE (default 451:
//                        a temporary refusal; 550 for a permanent one)
//   SINK_DELAY_MS=ms     the answer to DATA waits this long (a slow server)
//   SINK_GREETING_DELAY_MS=ms  the greeting waits this long (a server slow before any mail is handed over)
//   SINK_STARTTLS=1      STARTTLS is offered (smtp-server's own self-signed certificate)
// Lines: {"event":"listening","port"}, {"event":"refused","n"}, {"event":"message", messageId, from, to, subject, text, html}.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const refuseFirst = Number(process.env.SINK_REFUSE_FIRST ?? 0);
const refuseCode = Number(process.env.SINK_REFUSE_CODE ?? 451);
const delayMs = Number(process.env.SINK_DELAY_MS ?? 0);
let seen = 0;
const out = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

const server = new SMTPServer({
  disabledCommands: process.env.SINK_STARTTLS === '1' ? ['AUTH'] : ['STARTTLS', 'AUTH'],
  logger: false,
  onConnect(_session, callback) {
    const wait = Number(process.env.SINK_GREETING_DELAY_MS ?? 0);
    if (wait > 0) setTimeout(() => callback(), wait);
    else callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        seen += 1;
        const answer = () => {
          if (seen <= refuseFirst) {
            out({ event: 'refused', n: seen, code: refuseCode });
            const err = Object.assign(new Error(`Refused by the test sink (${refuseCode})`), { responseCode: refuseCode });
            return callback(err);
          }
          const to = mail.to ? [mail.to].flat().flatMap((a) => a.value.map((v) => v.address)) : [];
          out({
            event: 'message',
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            messageId: mail.messageId ?? null,
            from: mail.from?.text ?? null,
            to,
            subject: mail.subject ?? null,
            text: mail.text ?? null,
            html: typeof mail.html === 'string' ? mail.html : null,
          });
          callback();
        };
        if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      })
      .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
  },
});
server.on('error', (err) => process.stderr.write(`sink error: ${err.message}\n`));
server.listen(Number(process.env.SINK_PORT ?? 0), '127.0.0.1', () => {
  const addr = server.server.address();
  out({ event: 'listening', port: typeof addr === 'object' && addr ? addr.port : 0 });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
