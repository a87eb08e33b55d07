// GET /calculates_service_fee?service&companyId (spec 1 §7 "Fees"; spec 2 §5 credit reporting): the fee of an add-on
// service (e.g. CREDIT_REPORT) from the company's service fee profile (else the platform's); none, or paid by the
// company, is free.
import { calculateFee, isFeeFree } from '@portal/domain/fees';
import { type Currency, currencyForCountry, fromCents } from '@portal/domain/money';
import type { Executor } from '../../db/client.ts';
import { findCompanyFeeProfiles, findCompanyInScope } from './find-fee-profiles.ts';

export interface ServiceFee {
  service: string;
  feeAmount: number;
  currency: Currency;
}

export async function calculateServiceFee(
  db: Executor,
  customerId: string,
  query: { service: string; companyId: string },
): Promise<ServiceFee> {
  const company = await findCompanyInScope(db, customerId, query.companyId);
  const [profile] = await findCompanyFeeProfiles(db, company, { service: query.service });
  // A service fee is not a share of an amount: a FLAT rate is the fee (a PERCENT one of nothing is 0).
  const quote = calculateFee(0, profile ?? null);
  return {
    service: query.service,
    feeAmount: isFeeFree(quote.feeCents, quote.paidByCompany) ? 0 : fromCents(quote.feeCents),
    currency: currencyForCountry(company.country),
  };
}
