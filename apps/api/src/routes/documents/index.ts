// spec 1 §7 / spec 2 §7 Documents: upload to a lease or an insurance policy, download, delete.
import type { MultipartFile } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES } from '@portal/domain/documents';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { requireSession } from '../../plugins/auth.ts';
import { attachmentDisposition } from '../../services/documents/content-disposition.ts';
import { deleteDocument } from '../../services/documents/delete-document.ts';
import { getDocumentFile } from '../../services/documents/get-document-file.ts';
import { fileTooLarge, findUploadOwner, type UploadTarget, uploadDocument } from '../../services/documents/upload-document.ts';
import { UPLOAD_LIMIT_DEFAULTS } from '../../services/documents/upload-limits.ts';
import { callerOf } from '../../services/search/caller.ts';
import { errorEnvelopeSchema, errorResponses, idParams } from '../schemas.ts';

const tags = ['documents'];
const idAnswer = z.object({ id: z.string() });
/** Room for the multipart framing around the file (boundaries, part headers, a few small fields). */
const MULTIPART_OVERHEAD = 64 * 1024;
const TOO_MANY_UPLOADS_MESSAGE = 'Too many uploads in a short time: please try again in {{minutes}} min';

/** The one file part of a multipart request, not yet read (its bytes stream to storage). */
async function filePart(request: FastifyRequest): Promise<MultipartFile> {
  const noFile = () => AppError.validation([{ field: 'file', message: 'Select a valid file' }], 'Select a valid file');
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw noFile();
    throw err;
  }
  if (!part) throw noFile();
  if (part.fieldname !== 'file') {
    part.file.resume(); // read on, so the refusal can be answered
    throw noFile();
  }
  return part;
}

export default async function documentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = { ...UPLOAD_LIMIT_DEFAULTS, ...app.ctx.config.uploadLimits };

  // Fair use (issue 9): uploads a signed-in user may start per window, both upload routes together; counted before
  // any byte is read. Behind the auth hook, which runs first (plugins/auth.ts), so the key is the user.
  const uploadRateLimit = fastify.rateLimit({
    max: limits.rateMax,
    timeWindow: limits.rateWindowMs,
    keyGenerator: (req) => `upload|${req.session?.sessionRole.id ?? req.ip}`,
    errorResponseBuilder: (_req, context) => {
      const values = { minutes: Math.max(1, Math.ceil(context.ttl / 60_000)) };
      return new AppError('RM_ERROR_TOO_MANY_REQUESTS', TOO_MANY_UPLOADS_MESSAGE, { values });
    },
  });

  const upload = (target: UploadTarget) =>
    app.post(
      `/${target}/:id/upload`,
      {
        onRequest: uploadRateLimit,
        schema: {
          tags,
          description:
            'Multipart form with one part named `file`: CSV, PNG, JPEG or PDF judged by content, its name ending in the ' +
            'matching extension (.csv, .png, .jpg or .jpeg, .pdf), under 10 MB, name under 50 characters. The bytes ' +
            `stream to storage. Each customer's documents take at most ${Math.round(limits.quotaBytes / 1024 / 1024)} MB ` +
            `(413 RM_ERROR_STORAGE_QUOTA_EXCEEDED); each user may start ${limits.rateMax} uploads per ` +
            `${limits.rateWindowMs / 60_000} minutes (429 with Retry-After).`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: idAnswer, ...errorResponses, 413: errorEnvelopeSchema, 429: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const caller = callerOf(requireSession(request), { managers: true });
        // Ownership first: a foreign or missing record answers 404 before any byte is read.
        const customerId = await findUploadOwner(app.ctx, caller, target, request.params.id);
        // A body declared larger than a file may be is refused before it is read.
        if (Number(request.headers['content-length']) > DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD) throw fileTooLarge();
        const part = await filePart(request);
        try {
          return await uploadDocument(app.ctx, caller, actorOf(request), {
            target,
            recordId: request.params.id,
            customerId,
            filename: part.filename,
            file: part.file,
            quotaBytes: limits.quotaBytes,
          });
        } catch (err) {
          part.file.resume(); // whatever failed, the rest of the body is read (and discarded) so the answer gets out
          throw err;
        }
      },
    );
  upload('PROPERTY_LEASE');
  upload('INSURANCE_POLICY');

  const download = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const caller = callerOf(requireSession(request), { managers: true });
    const file = await getDocumentFile(app.ctx, caller, request.params.id);
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  };
  const downloadSchema = {
    tags,
    description:
      'The original bytes, as an attachment. The trailing segments of the document url (customer id, name) are ignored.',
    params: idParams,
    response: { 200: z.unknown().describe('The file bytes; content-type is the stored (detected) type'), ...errorResponses },
  };
  app.get('/document/:id/download', { schema: downloadSchema }, download);
  app.get(
    '/document/:id/download/*',
    { schema: { ...downloadSchema, hide: true, params: idParams.extend({ '*': z.string().max(2000) }) } },
    download,
  );

  app.delete(
    '/document/:id/delete',
    {
      schema: {
        tags,
        summary: "Delete a document; a tenant's delete of a manager's document hides it from the tenant only (outcome HIDDEN)",
        params: idParams,
        response: { 200: idAnswer.extend({ outcome: z.enum(['DELETED', 'HIDDEN']) }), ...errorResponses },
      },
    },
    async (request) =>
      deleteDocument(app.ctx, callerOf(requireSession(request), { managers: true }), actorOf(request), request.params.id),
  );
}
