// issue 25 "Real SMTP", end to end: the server itself (npm start's process) with SMTP_URL naming a real SMTP server
// process (test/support/smtp-sink.ts). "Forgot password" queues the reset mail, the server's mailer is woken after the
// commit and the mail arrives within seconds at the SMTP server; its link opens the reset page's check (200).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killStartedProcesses, startServer } from './server-process.ts';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-mail-server-'));
let sink: SmtpSink | undefined;

afterAll(async () => {
  killStartedProcesses();
  await sink?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server with SMTP_URL', () => {
  it('a reset link asked for on the portal arrives at the SMTP server in seconds, and works', { timeout: 120_000 }, async () => {
    sink = await startSmtpSink();
    const server = await startServer({ DATA_DIR: dataDir, SMTP_URL: sink.url, MAIL_FROM: 'Rent portal <mail@rent.example>' });
    const asked = Date.now();
    const res = await fetch(`${server.base}/api/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'tenant@demo.test' }),
    });
    expect(res.status).toBe(202);
    const reset = () => sink?.messages.find((m) => m.to.includes('tenant@demo.test') && m.subject === 'Reset your password');
    await expect.poll(reset, { timeout: 5_000, interval: 50 }).toBeTruthy();
    // The answer's own 400 ms floor included: well under the job's minute.
    expect(Date.now() - asked).toBeLessThan(5_000);
    const mail = reset();
    expect(mail?.from).toBe('"Rent portal" <mail@rent.example>');
    expect(mail?.messageId).toMatch(/^<[^@]+@rent\.example>$/);
    const token = /\/reset-password\/([^\s"<]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect(mail?.html).toContain(`/reset-password/${token}`);
    const check = await fetch(`${server.base}/api/password/reset/${token}`);
    expect(check.status).toBe(200);
    // No demo inbox with SMTP.
    expect((await fetch(`${server.base}/api/sandbox/mail`)).status).toBe(404);
  });
});
