// A fee_profiles row as answered (spec 1 §3 "Fee profile"; docs/api-contract.md "Fees"): rates as numbers, PERCENT as a
// percentage, FLAT in dollars, exactly what packages/domain/src/fees.ts prices with.
import type { FeeProfileRecord } from '@portal/domain/api-shapes';
import type { feeProfiles } from '../../db/schema.ts';

type FeeProfileRow = typeof feeProfiles.$inferSelect;

/** The columns a record is made of; rates as stored (numeric text) or already numbers (a float8 select). */
export type FeeProfileColumns = Omit<Pick<FeeProfileRow, keyof FeeProfileRecord>, 'feeRate' | 'internationalFeeRate'> & {
  feeRate: string | number;
  internationalFeeRate: string | number | null;
};

const num = (v: string | number | null): number | null => (v == null ? null : Number(v));

/** Values come from the seed and the managers' settings: the enums are trusted as stored. */
export function toFeeProfileRecord(row: FeeProfileColumns): FeeProfileRecord {
  return {
    id: row.id,
    companyId: row.companyId,
    country: row.country as FeeProfileRecord['country'],
    paymentType: row.paymentType as FeeProfileRecord['paymentType'],
    cardType: row.cardType as FeeProfileRecord['cardType'],
    cardBrand: row.cardBrand as FeeProfileRecord['cardBrand'],
    walletType: row.walletType as FeeProfileRecord['walletType'],
    processor: row.processor,
    padSchedule: row.padSchedule,
    feeRate: Number(row.feeRate),
    rateType: row.rateType as FeeProfileRecord['rateType'],
    feeType: row.feeType as FeeProfileRecord['feeType'],
    internationalFeeRate: num(row.internationalFeeRate),
    internationalRateType: row.internationalRateType as FeeProfileRecord['internationalRateType'],
    paidByCompany: row.paidByCompany,
  };
}
