// GET /lease_application/{id} and GET /lease_application/customer/{customerId} (docs/api-contract.md "Lease applications
// (issue 11)"): the caller's own applications only (another tenant's, or one hidden by a delete, answers 404).
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { leaseApplications } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type LeaseApplicationRecord,
  loadOwnApplication,
  toApplicationRecordOf,
  toApplicationRecords,
} from './application-record.ts';

export async function getApplication(db: Executor, customerId: string, id: string): Promise<LeaseApplicationRecord> {
  return toApplicationRecordOf(db, await loadOwnApplication(db, customerId, id));
}

/** The caller's visible applications, newest first; another customer's id → 404. */
export async function listCustomerApplications(
  db: Executor,
  callerId: string,
  customerId: string,
): Promise<{ records: LeaseApplicationRecord[] }> {
  if (callerId !== customerId) throw AppError.notFound('Customer');
  const rows = await db
    .select()
    .from(leaseApplications)
    .where(and(eq(leaseApplications.customerId, customerId), isNull(leaseApplications.deletedAt)))
    .orderBy(desc(leaseApplications.createdAt), desc(leaseApplications.id));
  return { records: await toApplicationRecords(db, rows) };
}
