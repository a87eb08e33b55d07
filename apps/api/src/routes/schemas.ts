// Shared route schemas: the error envelope (ARCHITECTURE: one envelope) and common params.
import { z } from 'zod';

export const fieldErrorSchema = z.object({
  field: z.string(),
  errorCode: z.string().optional(),
  message: z.string(),
  fieldValue: z.unknown().optional(),
});

export const errorEnvelopeSchema = z.object({
  errorCode: z.string(),
  message: z.string(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
});

/** Spread into `response` of every route. */
export const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  // A JSON body over the size limit (issue 9): RM_ERROR_REQUEST_TOO_LARGE.
  413: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  // The database unreachable, or the request's connection dropped (issue 20 §2): RM_ERROR_SERVICE_UNAVAILABLE, Retry-After.
  503: errorEnvelopeSchema,
};

export const idParams = z.object({ id: z.string().min(1).max(64) });
