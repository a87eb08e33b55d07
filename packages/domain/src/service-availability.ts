import type { CompanyJoin, CustomCard, PropertyJoin } from './api-shapes.ts';
import { isCreditReportingAvailable } from './credit-reporting.ts';
import type { InsurancePartner } from './entities.ts';
import { areInsuranceOptionsAvailable, availableInsurancePartners } from './insurance.ts';

// Which add-on services a lease offers (spec 2 §2 "Dashboard service cards", §6 company flags, §9 availability): one
// rule for the dashboard, the add-service modal and the server, which refuses what is not offered.

/** spec 2 §2: the microlending partners, the loan partner first (the default). */
export const MICROLOAN_PARTNERS = ['MONEVO', 'PAYPAL_CREDIT'] as const;
export type MicroloanPartner = (typeof MICROLOAN_PARTNERS)[number];
export const DEFAULT_MICROLOAN_PARTNER: MicroloanPartner = 'MONEVO';

/** The lease as the availability rules read it: its status and its joins (the lease search's joins). */
export interface ServiceLease {
  status: string;
  joins: {
    // absent when the search was made without the join: then nothing is offered
    company?: Pick<
      CompanyJoin,
      | 'country'
      | 'serviceCreditReporting'
      | 'conciergeEnabled'
      | 'customCard'
      | 'insuranceIntegration'
      | 'microlendingEnabled'
      | 'neobankPromotionEnabled'
    > | null;
    parentCompany?: Pick<CompanyJoin, 'customCard'> | null;
    property?: Pick<
      PropertyJoin,
      | 'country'
      | 'province'
      | 'category'
      | 'customCard'
      | 'insuranceIntegration'
      | 'monevoIntegration'
      | 'paypalCreditIntegration'
      | 'service_neofinancial'
    > | null;
  };
}

export interface ServiceAvailability {
  creditReporting: boolean;
  /** Quote partners offered (spec 2 §9 by province, then the company's and the property's switches). */
  insurancePartners: InsurancePartner[];
  /** The upload-existing-insurance option (the MANUAL integration). */
  insuranceUpload: boolean;
  microloanPartners: MicroloanPartner[];
  /** The property's custom card, else its company's, else the parent company's (an enabled one with a title). */
  customCard: CustomCard;
  concierge: boolean;
  /** spec 2 §2 / §6: the neobank promotion banner, Canada only. */
  neobankPromotion: boolean;
}

const on = (flag: { enabled: boolean } | null | undefined) => flag?.enabled === true;

/**
 * spec 2 §6: "credit reporting by property category": the company's serviceCreditReporting lists the categories
 * switched on ({RESIDENTIAL: true, COMMERCIAL: false}); an empty record means the company set nothing: all categories.
 */
function enabledCategories(flags: Record<string, boolean> | null | undefined): string[] | null {
  if (!flags || Object.keys(flags).length === 0) return null;
  return Object.entries(flags)
    .filter(([, enabled]) => enabled)
    .map(([category]) => category);
}

/** A partner (or MANUAL) is switched on when both the company and the property switch it on. */
function integrationOn(
  company: Record<string, { enabled: boolean }> | null | undefined,
  property: Record<string, { enabled: boolean }> | null | undefined,
  key: string,
): boolean {
  return on(company?.[key]) && on(property?.[key]);
}

const shownCard = (card: CustomCard | null | undefined): CustomCard =>
  card?.enabled && (card.cardTitle ?? '').trim() !== '' ? card : null;

export function serviceAvailability(lease: ServiceLease): ServiceAvailability {
  const { company, property, parentCompany } = lease.joins;
  const none: ServiceAvailability = {
    creditReporting: false,
    insurancePartners: [],
    insuranceUpload: false,
    microloanPartners: [],
    customCard: null,
    concierge: false,
    neobankPromotion: false,
  };
  if (!company || !property) return none;
  // A tenant who left (TERMINATED) is offered nothing more for that home; a PENDING lease (moving in) keeps its offers.
  if (lease.status === 'TERMINATED') return none;
  const insuranceOpen = areInsuranceOptionsAvailable(lease.status);
  const partnersOn = Object.fromEntries(
    availableInsurancePartners(property.country, property.province).map((p) => [
      p,
      integrationOn(company.insuranceIntegration, property.insuranceIntegration, p),
    ]),
  ) as Partial<Record<InsurancePartner, boolean>>;
  const microloans: MicroloanPartner[] = company.microlendingEnabled
    ? MICROLOAN_PARTNERS.filter((p) => on(p === 'MONEVO' ? property.monevoIntegration : property.paypalCreditIntegration))
    : [];
  return {
    creditReporting:
      lease.status === 'ACTIVE' &&
      property.country === 'CA' &&
      isCreditReportingAvailable({
        province: property.province,
        propertyCategory: property.category,
        enabledCategories: enabledCategories(company.serviceCreditReporting),
      }),
    insurancePartners: insuranceOpen ? availableInsurancePartners(property.country, property.province, partnersOn) : [],
    insuranceUpload: insuranceOpen && integrationOn(company.insuranceIntegration, property.insuranceIntegration, 'MANUAL'),
    microloanPartners: microloans,
    customCard: shownCard(property.customCard) ?? shownCard(company.customCard) ?? shownCard(parentCompany?.customCard),
    concierge: company.conciergeEnabled,
    // the property may opt out (service_neofinancial.enabled = false); set nothing, it follows its company
    neobankPromotion:
      company.country === 'CA' &&
      property.country === 'CA' &&
      company.neobankPromotionEnabled &&
      property.service_neofinancial?.enabled !== false,
  };
}
