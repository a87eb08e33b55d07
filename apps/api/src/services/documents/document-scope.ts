// issue 23 (spec 1 §6 "They can see tenant documents"): a manager reaches the documents of their company's leases and
// insurance policies only (the same rule as the document search's companyColumn, services/search/registry.ts).
import { type SQL, sql } from 'drizzle-orm';
import { documents } from '../../db/schema.ts';

export function documentOfCompany(companyId: string): SQL {
  return sql`(CASE ${documents.recordType}
      WHEN 'PROPERTY_LEASE' THEN (SELECT dl.company_id FROM property_leases dl WHERE dl.id = ${documents.recordId})
      WHEN 'INSURANCE_POLICY' THEN (SELECT dpl.company_id FROM insurance_policies dip
        JOIN property_leases dpl ON dpl.id = dip.lease_id WHERE dip.id = ${documents.recordId}) END) = ${companyId}`;
}
