// Starts test/support/smtp-sink.ts as its own process and reads what it received (one JSON line per event).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export interface SinkMessage {
  event: 'message';
  envelope: { from: string | null; to: string[] };
  messageId: string | null;
  from: string | null;
  to: string[];
  subject: string | null;
  text: string | null;
  html: string | null;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: SinkMessage[];
  /** Refusals the sink answered (its SINK_REFUSE_FIRST). */
  refused: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startSmtpSink(env: Record<string, string> = {}): Promise<SmtpSink> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'smtp-sink.ts')], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let buffer = '';
  let errors = '';
  child.stderr?.on('data', (d) => {
    errors += d;
  });
  const sink = { messages: [] as SinkMessage[], refused: 0, child } as SmtpSink;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the SMTP sink did not start: ${errors}`)), 15_000);
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code}): ${errors}`)));
    child.stdout?.on('data', (d) => {
      buffer += d;
      let nl = buffer.indexOf('\n');
      while (nl >= 0) {
        const line = JSON.parse(buffer.slice(0, nl)) as { event: string; port?: number };
        buffer = buffer.slice(nl + 1);
        if (line.event === 'listening') {
          clearTimeout(timer);
          resolve(line.port as number);
        } else if (line.event === 'refused') sink.refused += 1;
        else if (line.event === 'message') sink.messages.push(line as SinkMessage);
        nl = buffer.indexOf('\n');
      }
    });
  });
  sink.port = port;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    // An open connection (the slow case) holds a graceful close: not for long.
    const late = setTimeout(() => child.kill('SIGKILL'), 2_000);
    await exited;
    clearTimeout(late);
  };
  return sink;
}
