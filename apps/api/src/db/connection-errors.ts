// Errors that mean the database cannot answer right now (issue 20 §2): its connection was dropped or refused, the server
// is shutting down or starting, or it cancelled the statement. The request is not at fault and can be tried again:
// the errors plugin answers 503 RM_ERROR_SERVICE_UNAVAILABLE with Retry-After, never a 500 with the driver's text.

/**
 * SQLSTATEs: 57P01 admin shutdown (pg_terminate_backend, a restart), 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up, in recovery), 57014 query cancelled (pg_cancel_backend; the search pool's own statement timeout is
 * answered by the search service before it gets here), 53300 too many connections. Class 08 is tested apart.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** Socket errors of a connection that broke or could not be made. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// node-postgres's own errors carry no code, only these messages (pg/lib/client.js, pg-pool/index.js).
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end on the pool)/;

/** Whether an error (or the driver error drizzle wrapped as its cause) says the database is unreachable for now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}
