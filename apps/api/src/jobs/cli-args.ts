// The arguments of `npm run jobs` (issue 10 "Scheduling"): --now <ISO instant>, --json, --help. Shared with the
// server's internal route, which accepts the same instants.

export const JOBS_USAGE = `Usage: npm run jobs -- [--now <ISO instant>] [--json] [--help]

Runs every job due as of the instant: autopay occurrences and their reminders, split-pay instalments, cash voucher
expiry, bank payment settlement and the e-mail outbox, then prints what it did and how it ran:
  - embedded database (DATA_DIR) with a server running on it: the server runs them (an authenticated local call);
  - embedded database with no server: this command opens the data folder itself (the server's lock, held meanwhile);
  - PostgreSQL (DATABASE_URL): this command runs them directly (runners at once never pay twice).
Running twice for the same instant pays nothing twice.

  --now <instant>  ISO 8601 with a time and a zone, e.g. 2026-12-01T06:00:00Z or 2026-12-01T01:00:00-05:00
                   (default: the current time)
  --json           machine output: one JSON object { ranVia, now, report }
  --help           this text

Exit status: 0 done; 1 the run failed (server unreachable, secret refused, a job step failed); 2 bad arguments.
For clean JSON on stdout use npm's --silent: npm run --silent jobs -- --json`;

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * An ISO 8601 instant with a time and a zone (Z or ±hh:mm), or null: a date alone, a local time without a zone, or a
 * field out of range (month 13, February 30th, 25 o'clock) is refused rather than guessed.
 */
export function parseInstant(text: string): Date | null {
  const m = INSTANT.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', zone, zh, zm] = m;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  if (zone.toUpperCase() !== 'Z' && (Number(zh) > 23 || Number(zm) > 59)) return null;
  // The calendar day must exist: Date.UTC rolls February 30th over to March 2nd, which is caught here.
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return null;
  const ms = Date.parse(text.trim());
  return Number.isNaN(ms) ? null : new Date(ms);
}

export interface JobsArgs {
  now: Date;
  json: boolean;
  help: boolean;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The command line (process.argv.slice(2)); throws UsageError on anything it does not know. */
export function parseJobsArgs(argv: string[], clock: () => Date = () => new Date()): JobsArgs {
  const args: JobsArgs = { now: clock(), json: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') args.json = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg === '--now' || arg.startsWith('--now=')) {
      const value = arg === '--now' ? argv[++i] : arg.slice('--now='.length);
      if (value === undefined || value === '') throw new UsageError('--now needs an instant, e.g. --now 2026-12-01T06:00:00Z');
      const at = parseInstant(value);
      if (!at) {
        throw new UsageError(
          `--now ${JSON.stringify(value)} is not an ISO 8601 instant with a time and a zone, e.g. 2026-12-01T06:00:00Z`,
        );
      }
      args.now = at;
    } else throw new UsageError(`Unknown argument ${JSON.stringify(arg)}`);
  }
  return args;
}
