// POST /api/internal/jobs/run (issue 10 "Scheduling"): how `npm run jobs` runs the jobs through a server that holds the
// embedded database's folder (only one process may open it). Not part of the public API: hidden from the OpenAPI
// document, registered by server.ts only for the embedded database, and accepted only
//   - from a loopback address, and not relayed by a proxy (a local reverse proxy would make the internet look local);
//   - with the secret this server wrote to DATA_DIR/jobs.secret at start (header x-jobs-secret, compared in constant time).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInstant } from '../../jobs/cli-args.ts';
import { type JobReport, runJobs } from '../../jobs/run-jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { JOBS_SECRET_HEADER, secretMatches } from './jobs-secret.ts';

export interface InternalJobRoutesOptions {
  /** The secret written to DATA_DIR/jobs.secret at start. */
  secret: string;
  /** The job itself (tests may count calls); runJobs by default. */
  run?: typeof runJobs;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

export default async function internalJobRoutes(fastify: FastifyInstance, opts: InternalJobRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const run = opts.run ?? runJobs;
  app.post(
    '/internal/jobs/run',
    {
      config: { public: true },
      schema: {
        hide: true,
        body: z.object({ now: z.string().max(64).optional() }).strict(),
      },
    },
    async (request): Promise<JobReport> => {
      if (!isLoopback(request.socket.remoteAddress) || PROXY_HEADERS.some((h) => h in request.headers)) {
        throw new AppError('RM_ERROR_FORBIDDEN', 'server.jobs.localOnly');
      }
      const given = request.headers[JOBS_SECRET_HEADER];
      if (!secretMatches(typeof given === 'string' ? given : undefined, opts.secret)) {
        throw new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'server.jobs.secretInvalid');
      }
      const now = request.body.now === undefined ? app.ctx.now() : parseInstant(request.body.now);
      if (!now) throw AppError.onField('now', 'server.jobs.badInstant', { values: { value: request.body.now } });
      request.log.info({ now: now.toISOString() }, 'job run asked by npm run jobs');
      return run(app.ctx, { now, log: (msg, data) => request.log.warn(data ?? {}, msg) });
    },
  );
}
