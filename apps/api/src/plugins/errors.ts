// The one error handler: AppError → its status; bad input of any kind → 400 RM_ERROR_RECORD_VALIDATION; never leak 5xx internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/app-error.ts';
import { localize, requestLang } from '../lib/i18n.ts';

function fieldFromPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { validationContext?: string }, request, reply) => {
    // Messages that are message keys go out in the caller's language (lib/i18n.ts).
    const lang = requestLang(request);
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'app error');
      return reply.code(err.statusCode).send({
        errorCode: err.errorCode,
        message: localize(lang, err.message, err.values),
        ...(err.extra ?? {}),
        ...(err.fieldErrors
          ? { fieldErrors: err.fieldErrors.map(({ values, ...f }) => ({ ...f, message: localize(lang, f.message, values) })) }
          : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: FieldError[] = err.validation.map((v) => ({
        field: fieldFromPath(v.instancePath, err.validationContext),
        errorCode: 'RM_ERROR_RECORD_VALIDATION',
        message: localize(lang, v.message ?? 'Invalid value', v.params as Record<string, unknown> | undefined),
      }));
      return reply.code(400).send({ errorCode: 'RM_ERROR_RECORD_VALIDATION', message: 'Validation failed', fieldErrors });
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
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) {
      return reply.code(413).send({ errorCode: 'RM_ERROR_FILE_TOO_LARGE', message: 'The file must be under 10 MB' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, multipart problems...: the caller's input is at fault.
      return reply.code(400).send({ errorCode: 'RM_ERROR_RECORD_VALIDATION', message: err.message });
    }
    if (isResponseSerializationError(err)) request.log.error({ err, issues: err.cause?.issues }, 'response schema mismatch');
    else request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ errorCode: 'RM_ERROR_SYSTEM', message: 'Something went wrong. Please try again.' });
  });
});
