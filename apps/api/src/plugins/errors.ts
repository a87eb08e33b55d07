// The one error handler: AppError → its status; bad input of any kind → 400 RM_ERROR_RECORD_VALIDATION; an unreachable
// database → 503 with Retry-After; never leak 5xx internals.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { AppError, type FieldError } from '../lib/app-error.ts';
import { localize, requestLang } from '../lib/i18n.ts';
import { zodRefusalValues } from '../lib/zod-messages.ts';

/** A refusal of the caller's input that a framework layer or the database raised (not an AppError). */
interface Refusal {
  status: number;
  errorCode: string;
  /** A message key (server.input.*), sent in the caller's language. */
  message: string;
  values?: Record<string, unknown>;
  field?: string;
}

const FILE_PARTS_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
const MALFORMED_MULTIPART = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_PROTO_VIOLATION',
]);
// busboy's own errors carry no code: a missing or over-long boundary, a cut-off body, a broken part header.
const BUSBOY_MESSAGE = /boundary|multipart|part header|unexpected end of form|needle/i;

/** The SQLSTATE of a database error (PGlite's or node-postgres's, or one that drizzle wrapped as its cause). */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e) return e.code;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && (e as Error).name === 'DatabaseError') return e.code;
  }
  return undefined;
}

/** What the caller sent, not the server, is at fault: the answer for each framework, parser and database refusal. */
function inputRefusal(err: FastifyError): Refusal | null {
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
    return { status: 413, errorCode: 'RM_ERROR_FILE_TOO_LARGE', message: 'validation.upload.fileTooLarge', field: 'file' };
  }
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return {
      status: 413,
      errorCode: 'RM_ERROR_REQUEST_TOO_LARGE',
      message: 'server.input.bodyTooLarge',
      values: { max: '1 MB' },
      field: 'body',
    };
  }
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
    return { status: 400, errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'server.input.invalidJson', field: 'body' };
  }
  if (FILE_PARTS_LIMITS.has(err.code)) {
    return { status: 400, errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'server.input.tooManyParts', field: 'file' };
  }
  if (MALFORMED_MULTIPART.has(err.code) || (!err.code && !err.statusCode && BUSBOY_MESSAGE.test(err.message))) {
    return { status: 400, errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'server.input.malformedMultipart', field: 'file' };
  }
  // PostgreSQL class 22 (data exception: bad byte sequence, value out of range…) and 54001 (statement too complex,
  // stack depth): a value the database refuses. The guards name the field first; this is the net behind them.
  const state = sqlState(err);
  if (state && (state.startsWith('22') || state === '54001')) {
    return { status: 400, errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'server.input.invalidValue' };
  }
  return null;
}

function fieldFromPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (a broken percent-escape) or a path parameter over the
 * router's length limit, answered in the envelope rather than Fastify's own shape.
 */
export function frameworkErrors(_err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = localize(requestLang(request), 'server.input.badUrl');
  reply.code(400).send({
    errorCode: 'RM_ERROR_RECORD_VALIDATION',
    message,
    fieldErrors: [{ field: 'url', errorCode: 'RM_ERROR_RECORD_VALIDATION', message }],
  });
}

/** Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (a NUL in a header...), in the envelope. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
        : [400, 'Bad Request', 'The request is malformed'];
  const body = JSON.stringify({ errorCode: 'RM_ERROR_RECORD_VALIDATION', message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { validationContext?: string }, request, reply) => {
    // Messages that are message keys go out in the caller's language (lib/i18n.ts).
    const lang = requestLang(request);
    const sendAppError = (e: AppError) => {
      if (e.headers) reply.headers(e.headers);
      return reply.code(e.statusCode).send({
        errorCode: e.errorCode,
        message: localize(lang, e.message, e.values),
        ...(e.extra ?? {}),
        ...(e.fieldErrors
          ? { fieldErrors: e.fieldErrors.map(({ values, ...f }) => ({ ...f, message: localize(lang, f.message, values) })) }
          : {}),
      });
    };
    if (err instanceof AppError) {
      if (err.statusCode >= 500 && err.statusCode !== 503) request.log.error({ err }, 'app error');
      return sendAppError(err);
    }
    // issue 20 §2: a dropped or refused database connection, a server shutting down or cancelling the statement: the
    // caller may try again (its transaction was rolled back whole), so 503 + Retry-After rather than a 500.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable: answered 503');
      return sendAppError(AppError.serviceUnavailable());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // zod's own refusals carry message keys (lib/zod-messages.ts), the domain's rules theirs: both in the caller's language
      const fieldErrors: FieldError[] = err.validation.map((v) => {
        const key = v.message ?? 'server.validation.invalid';
        const values = zodRefusalValues(lang, key, v.params as Record<string, unknown> | undefined);
        return {
          field: fieldFromPath(v.instancePath, err.validationContext),
          errorCode: 'RM_ERROR_RECORD_VALIDATION',
          message: localize(lang, key, values),
        };
      });
      // the envelope's message names the field (a screen that shows only it still says what to fix)
      const fields = [...new Set(fieldErrors.map((f) => f.field))];
      const message =
        fields.length === 1
          ? localize(lang, 'server.validation.summary', { field: fields[0], message: fieldErrors[0].message })
          : localize(lang, 'server.validation.summaryMany', { fields: fields.join(', ') });
      return reply.code(400).send({ errorCode: 'RM_ERROR_RECORD_VALIDATION', message, fieldErrors });
    }
    if (err.validation) {
      return reply.code(400).send({
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: err.message,
        fieldErrors: err.validation.map((v) => ({
          field: fieldFromPath(v.instancePath ?? '', err.validationContext),
          message: v.message ?? 'Invalid value',
        })),
      });
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({ errorCode: 'RM_ERROR_TOO_MANY_REQUESTS', message: err.message || 'Too many requests' });
    }
    const refusal = inputRefusal(err);
    if (refusal) {
      if (refusal.status === 400 && !err.statusCode) request.log.warn({ err }, 'input refused by a lower layer');
      const message = localize(lang, refusal.message, refusal.values);
      return reply.code(refusal.status).send({
        errorCode: refusal.errorCode,
        message,
        ...(refusal.field ? { fieldErrors: [{ field: refusal.field, errorCode: refusal.errorCode, message }] } : {}),
      });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Wrong content type, unsupported method...: the caller's input is at fault.
      return reply.code(400).send({ errorCode: 'RM_ERROR_RECORD_VALIDATION', message: err.message });
    }
    if (isResponseSerializationError(err)) request.log.error({ err, issues: err.cause?.issues }, 'response schema mismatch');
    else request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ errorCode: 'RM_ERROR_SYSTEM', message: 'Something went wrong. Please try again.' });
  });
});
