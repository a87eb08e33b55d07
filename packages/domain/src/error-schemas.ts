// The error envelope (errors.ts ErrorEnvelope) as zod schemas, apart from errors.ts: the web's first screens map
// answers with that module and load none of zod (~23 KB brotli on a phone, issue 21 §4).
import { z } from 'zod';
import type { ErrorEnvelope, FieldError } from './errors.ts';

export const fieldErrorSchema: z.ZodType<FieldError> = z.object({
  field: z.string(),
  errorCode: z.string().optional(),
  message: z.string(),
  fieldValue: z.unknown().optional(),
});

export const errorEnvelopeSchema: z.ZodType<ErrorEnvelope> = z.object({
  errorCode: z.string().min(1),
  message: z.string(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
});
