// spec 1 §7 / spec 2 §7: POST /PROPERTY_LEASE/{id}/upload and /INSURANCE_POLICY/{id}/upload.
// spec 2 §9: CSV, PNG or JPEG judged by content, under 10 MB, name under 50 characters; issue 9: PDF too, the name's
// extension must agree with the content, the bytes stream to disk (never whole in memory), and each customer's
// documents stay under a storage quota. The user's name is kept (cleaned); the stored type is the detected one.
import { randomUUID } from 'node:crypto';
import {
  checkDocumentName,
  checkDocumentType,
  createDocumentSniffer,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  type DocumentMimeType,
  documentTypeOfName,
  sanitizeDocumentName,
} from '@portal/domain/documents';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { documents, insurancePolicies, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { UploadRefused } from '../../lib/file-storage.ts';
import type { Caller } from '../search/caller.ts';
import { documentChanges } from './document-audit.ts';
import { documentUrl } from './document-url.ts';
import { megabytes } from './upload-limits.ts';

export const UPLOAD_TARGETS = ['PROPERTY_LEASE', 'INSURANCE_POLICY'] as const;
export type UploadTarget = (typeof UPLOAD_TARGETS)[number];

const FILE_TOO_LARGE_MESSAGE = 'The file must be under 10 MB';
const FILE_TYPE_MESSAGE = 'Only CSV, PNG, JPEG and PDF files are accepted';
const FILE_TYPE_MISMATCH_MESSAGE =
  'This file holds {{content}} content but its name ends in .{{extension}}: choose the right file or rename it';
const QUOTA_MESSAGE =
  'With this file, your documents would take more than {{limit}} MB of storage. Delete documents you no longer need, then try again';

export const fileTooLarge = () =>
  new AppError('RM_ERROR_FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE, {
    fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_FILE_TOO_LARGE', message: FILE_TOO_LARGE_MESSAGE }],
  });

const invalidFile = (message: string) =>
  AppError.validation([{ field: 'file', errorCode: 'RM_ERROR_RECORD_VALIDATION', message }], message);

const fileTypeRefused = () =>
  new AppError('RM_ERROR_FILE_TYPE', FILE_TYPE_MESSAGE, {
    fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_FILE_TYPE', message: FILE_TYPE_MESSAGE }],
  });

const CONTENT_LABEL: Record<DocumentMimeType, string> = {
  'text/csv': 'CSV',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'application/pdf': 'PDF',
};

/** A text file named .png, a PNG named .csv: the name's extension and the content disagree. */
function fileTypeMismatch(name: string, detected: DocumentMimeType): AppError {
  const named = documentTypeOfName(name);
  const extension = name.slice(name.lastIndexOf('.') + 1) || (named ? DOCUMENT_EXTENSIONS[named][0] : '');
  const values = { content: CONTENT_LABEL[detected], extension };
  return new AppError('RM_ERROR_FILE_TYPE', FILE_TYPE_MISMATCH_MESSAGE, {
    values,
    fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_FILE_TYPE', message: FILE_TYPE_MISMATCH_MESSAGE, values }],
  });
}

export const storageQuotaExceeded = (quotaBytes: number) => {
  const values = { limit: megabytes(quotaBytes) };
  return new AppError('RM_ERROR_STORAGE_QUOTA_EXCEEDED', QUOTA_MESSAGE, {
    values,
    fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_STORAGE_QUOTA_EXCEEDED', message: QUOTA_MESSAGE, values }],
  });
};

/** The customer a lease or insurance policy belongs to, if the caller may attach documents to it; else 404. */
export async function findUploadOwner(ctx: AppContext, caller: Caller, target: UploadTarget, recordId: string): Promise<string> {
  let owner: { customerId: string | null } | undefined;
  if (target === 'PROPERTY_LEASE') {
    const scope: SQL[] = [eq(propertyLeases.id, recordId)];
    if (caller.role === 'tenant') scope.push(eq(propertyLeases.userId, caller.id));
    // issue 23: a manager attaches documents to their company's leases only (another company's: 404)
    if (caller.role === 'manager') scope.push(eq(propertyLeases.companyId, caller.companyId));
    [owner] = await ctx.db
      .select({ customerId: propertyLeases.userId })
      .from(propertyLeases)
      .where(and(...scope))
      .limit(1);
  } else {
    const scope: SQL[] = [eq(insurancePolicies.id, recordId)];
    if (caller.role === 'tenant') scope.push(eq(insurancePolicies.userId, caller.id));
    if (caller.role === 'manager') {
      scope.push(sql`${insurancePolicies.leaseId} IN (SELECT id FROM property_leases WHERE company_id = ${caller.companyId})`);
    }
    const [policy] = await ctx.db
      .select({ customerId: insurancePolicies.userId, status: insurancePolicies.status })
      .from(insurancePolicies)
      .where(and(...scope))
      .limit(1);
    // spec 2 §4: a terminated policy is final, its proof included (issue 22)
    if (policy?.status === 'CANCELLED') throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.insurance.terminated');
    owner = policy;
  }
  if (!owner) throw AppError.notFound(target === 'PROPERTY_LEASE' ? 'Lease' : 'Insurance policy');
  // A lease still waiting for its invited tenant (issue 23) has no tenant to file the document under yet
  // (documents.customer_id, the tenant's quota): refused until the invitation is accepted.
  if (!owner.customerId) throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.leases.noTenantYet');
  return owner.customerId;
}

export interface UploadInput {
  target: UploadTarget;
  recordId: string;
  customerId: string;
  /** The name the browser sent (may hold a path). */
  filename: string | undefined;
  /** The file's bytes as they arrive (the multipart part), read once and to the end whatever the outcome. */
  file: AsyncIterable<Buffer>;
  /** Bytes the customer's documents may take in all (upload-limits.ts). */
  quotaBytes: number;
}

/** Reads what is left of a refused upload, so the request that carries it can be answered. */
async function drain(file: AsyncIterable<Buffer>) {
  for await (const _ of file) {
    // discarded
  }
}

/** Bytes the documents of a customer take (theirs and their manager's about them). */
async function storedBytes(ctx: AppContext, customerId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${documents.size}), 0)` })
    .from(documents)
    .where(eq(documents.customerId, customerId));
  return Number(row?.total ?? 0);
}

/**
 * Checks and stores one document; answers its id. The name is judged before any byte is read; the bytes stream into
 * a temporary file while their type is sniffed; the row is written (the customer's quota checked in the same
 * transaction) and only then is the file moved into place. Whatever refuses the upload, no file is left behind.
 * An insurance policy keeps one proof document: a new upload replaces the old one (spec 2 §4 Insurance).
 */
export async function uploadDocument(ctx: AppContext, caller: Caller, actor: Actor, input: UploadInput): Promise<{ id: string }> {
  const name = sanitizeDocumentName(input.filename);
  const refuseEarly = async (err: AppError) => {
    await drain(input.file);
    return err;
  };
  const nameProblem = checkDocumentName(name);
  if (nameProblem === 'EMPTY') throw await refuseEarly(invalidFile('Select a valid file: it has no name'));
  if (nameProblem === 'TOO_LONG') {
    const message = 'The file name must be under 50 characters';
    throw await refuseEarly(
      new AppError('RM_ERROR_FILE_NAME_TOO_LONG', message, {
        fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_FILE_NAME_TOO_LONG', message, fieldValue: name }],
      }),
    );
  }
  if (checkDocumentType(name)) throw await refuseEarly(fileTypeRefused()); // a name of no accepted type
  if ((await storedBytes(ctx, input.customerId)) >= input.quotaBytes) {
    throw await refuseEarly(storageQuotaExceeded(input.quotaBytes));
  }

  const sniffer = createDocumentSniffer();
  let received: { key: string; size: number };
  try {
    received = await ctx.storage.receive(input.file, {
      tooLargeAt: DOCUMENT_MAX_BYTES,
      inspect: (chunk) => {
        sniffer.push(chunk);
        return !sniffer.refused;
      },
    });
  } catch (err) {
    if (err instanceof UploadRefused) {
      if (err.reason === 'too-large') throw fileTooLarge();
      throw fileTypeRefused();
    }
    throw err;
  }
  const { key: storageKey, size } = received;
  const mimeType = sniffer.end();
  const typeProblem = size === 0 ? null : checkDocumentType(name, mimeType);
  if (size === 0 || typeProblem) {
    await ctx.storage.discard(storageKey);
    if (size === 0) throw invalidFile('Select a valid file: this one is empty');
    throw typeProblem === 'MISMATCH' && mimeType ? fileTypeMismatch(name, mimeType) : fileTypeRefused();
  }

  const id = randomUUID();
  const row = {
    id,
    ownerType: caller.role === 'admin' ? 'TYPE_ADMIN' : caller.role === 'manager' ? 'TYPE_MANAGER' : 'TYPE_CUSTOMER',
    ownerId: caller.id,
    customerId: input.customerId,
    recordType: input.target,
    recordId: input.recordId,
    name,
    url: documentUrl(id, input.customerId, name),
    size,
    mimeType: mimeType as DocumentMimeType,
  };
  let replacedKeys: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      // One upload of a customer at a time past this point, so two at once cannot both fit in the quota.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`documents:${input.customerId}`}))`);
      if (input.target === 'INSURANCE_POLICY') {
        const replaced = await tx
          .delete(documents)
          .where(and(eq(documents.recordType, 'INSURANCE_POLICY'), eq(documents.recordId, input.recordId)))
          .returning();
        for (const old of replaced) {
          await recordAudit(tx, {
            recordType: 'document',
            recordId: old.id,
            action: 'DELETE',
            changes: documentChanges(old, 'DELETE'),
            actor,
          });
        }
        replacedKeys = replaced.map((old) => old.storageKey);
      }
      await tx.insert(documents).values({ ...row, storageKey });
      const [{ total }] = await tx
        .select({ total: sql<string>`coalesce(sum(${documents.size}), 0)` })
        .from(documents)
        .where(eq(documents.customerId, input.customerId));
      if (Number(total) > input.quotaBytes) throw storageQuotaExceeded(input.quotaBytes);
      await recordAudit(tx, {
        recordType: 'document',
        recordId: id,
        action: 'CREATE',
        changes: documentChanges(row, 'CREATE'),
        actor,
      });
    });
  } catch (err) {
    await ctx.storage.discard(storageKey).catch(() => undefined);
    throw err;
  }
  // Committed: the file goes into place. Were the process to die right here, the sweep at the next start would
  // move it (a temporary file that a row names).
  await ctx.storage.place(storageKey);
  // The replaced files are unreachable once their rows are gone; one left by a crash is removed by that sweep.
  await Promise.all(replacedKeys.map((key) => ctx.storage.remove(key).catch(() => undefined)));
  return { id };
}
