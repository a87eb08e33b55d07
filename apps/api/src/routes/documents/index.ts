// spec 1 §7 / spec 2 §7 Documents: upload to a lease or an insurance policy, download, delete.
import type { MultipartFile } from '@fastify/multipart';
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
import { callerOf } from '../../services/search/caller.ts';
import { errorEnvelopeSchema, errorResponses, idParams } from '../schemas.ts';

const tags = ['documents'];
const idAnswer = z.object({ id: z.string() });

/** The one file part of a multipart request, read to memory (10 MB cap from the multipart plugin). */
async function readFilePart(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  const noFile = () => AppError.validation([{ field: 'file', message: 'Select a valid file' }], 'Select a valid file');
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw noFile();
    throw err;
  }
  if (part?.fieldname !== 'file') throw noFile();
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (err) {
    // toBuffer throws when the part was truncated at the size limit.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw err;
  }
}

export default async function documentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const upload = (target: UploadTarget) =>
    app.post(
      `/${target}/:id/upload`,
      {
        schema: {
          tags,
          description: `Multipart form with one part named \`file\`: CSV, PNG or JPEG (judged by content), under 10 MB, name under 50 characters.`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: idAnswer, ...errorResponses, 413: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const caller = callerOf(requireSession(request));
        // Ownership first: a foreign or missing record answers 404 before any byte is read.
        const customerId = await findUploadOwner(app.ctx, caller, target, request.params.id);
        const file = await readFilePart(request);
        return uploadDocument(app.ctx, caller, actorOf(request), { target, recordId: request.params.id, customerId, ...file });
      },
    );
  upload('PROPERTY_LEASE');
  upload('INSURANCE_POLICY');

  const download = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const caller = callerOf(requireSession(request));
    const file = await getDocumentFile(app.ctx, caller, request.params.id);
    return reply
      .header('content-type', file.mimeType)
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
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
    { schema: { tags, params: idParams, response: { 200: idAnswer, ...errorResponses } } },
    async (request) => deleteDocument(app.ctx, callerOf(requireSession(request)), actorOf(request), request.params.id),
  );
}
