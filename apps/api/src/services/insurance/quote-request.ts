// The partners' request bodies built from the tenant, the property and the lease (spec 2 §7 "Quote partners"): the
// fixed parameters, the default birth date and the 3+3 postal code of spec 2 §5. Pure, so the shapes are tested alone.
import { formatDdMmmYyyy, isValidIsoDate } from '@portal/domain/dates';
import { INSURANCE_QUOTE_PARAMETERS, splitPostalCodeForQuote } from '@portal/domain/insurance';
import {
  type ApolloPurchaseRequest,
  type NewTenantExternalQuoteRequest,
  partnerCode,
} from '../../providers/insurance-partners/insurance-partners.ts';

export interface QuoteSubject {
  tenant: { firstName: string; lastName: string; email: string; phone: string | null; birthDate: string | null };
  property: {
    street1: string;
    street2: string | null;
    city: string;
    province: string;
    postalCode: string;
    country: string;
  };
  lease: { id: string; unit: string | null };
  /** The policy's first day (YYYY-MM-DD): today. */
  effectiveDate: string;
}

/** spec 2 §7: the tenant's birth date as DD-MMM-YYYY, 01-Jan-2000 when the tenant gave none. */
export function quoteDateOfBirth(birthDate: string | null | undefined): string {
  const iso = birthDate?.slice(0, 10);
  return iso && isValidIsoDate(iso) ? formatDdMmmYyyy(iso, 'en') : INSURANCE_QUOTE_PARAMETERS.defaultDateOfBirth;
}

/** NUERA and MELLO's new-tenant external quote; null when the postal code is not a Canadian 6-character one. */
export function buildExternalQuoteRequest(s: QuoteSubject, codeSuffix?: string | null): NewTenantExternalQuoteRequest | null {
  const postal = splitPostalCodeForQuote(s.property.postalCode, s.property.country);
  if (!postal) return null;
  const P = INSURANCE_QUOTE_PARAMETERS;
  return {
    PartnerCode: partnerCode(codeSuffix),
    FirstName: s.tenant.firstName,
    LastName: s.tenant.lastName,
    Email: s.tenant.email,
    Phone: s.tenant.phone,
    DateOfBirth: quoteDateOfBirth(s.tenant.birthDate),
    EffectiveDate: s.effectiveDate,
    Address: {
      Street: s.property.street1,
      Unit: s.lease.unit ?? s.property.street2 ?? null,
      City: s.property.city,
      Province: s.property.province,
      Country: s.property.country,
      PostalCodeFirst: postal[0],
      PostalCodeLast: postal[1],
    },
    ContentsLimit: P.contentsLimit,
    Deductible: P.deductible,
    Liability: P.liability,
    DwellingType: P.dwellingType,
    Earthquake: P.earthquake,
    SewerBackup: P.sewerBackup,
  };
}

/** APOLLO's purchase request. */
export function buildPurchaseRequest(s: QuoteSubject): ApolloPurchaseRequest {
  const birth = s.tenant.birthDate?.slice(0, 10);
  return {
    tenant: {
      firstName: s.tenant.firstName,
      lastName: s.tenant.lastName,
      email: s.tenant.email,
      phone: s.tenant.phone,
      birthdate: birth && isValidIsoDate(birth) ? birth : null,
    },
    property: {
      street1: s.property.street1,
      street2: s.property.street2,
      unit: s.lease.unit,
      city: s.property.city,
      province: s.property.province,
      postalCode: s.property.postalCode,
      country: s.property.country,
    },
    startDate: s.effectiveDate,
    leaseId: s.lease.id,
  };
}
