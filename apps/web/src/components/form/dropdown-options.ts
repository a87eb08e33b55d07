// The options of the spec's reusable dropdown by type (spec 1 §2 "Reusable dropdown", spec 1 §9), in the UI's
// language. Fixed lists come from the domain (provinces, states, countries, contact methods, languages, wallet types,
// the autopayment days 1 to 31); the others are the caller's records (leases, properties, payment methods, charge codes,
// saved billing addresses, products, coins), labelled by the caller, with this type's placeholder and extras.
import { COUNTRIES, LANGUAGE_CODES, PREFERRED_CONTACT_METHODS, WALLET_TYPES } from '@portal/domain/entities';
import { CA_PROVINCES, countryName, countryOptions, US_REGIONS } from '@portal/domain/geography';

/** spec 1 §2: the 16 types of the reusable dropdown. */
export const DROPDOWN_TYPES = [
  'province',
  'state',
  'country',
  'lease-country',
  'phone-country',
  'autoPaymentDate',
  'propertyLease',
  'properties',
  'paymentMethod',
  'chargeCodes',
  'billingAddress',
  'preferredContactMethod',
  'languages',
  'walletType',
  'product',
  'coins',
] as const;
export type DropdownType = (typeof DROPDOWN_TYPES)[number];

/** The types whose options are the caller's records. */
export const DATA_DROPDOWN_TYPES = [
  'propertyLease',
  'properties',
  'paymentMethod',
  'chargeCodes',
  'billingAddress',
  'product',
  'coins',
] as const satisfies readonly DropdownType[];
export type DataDropdownType = (typeof DATA_DROPDOWN_TYPES)[number];

export interface DropdownOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The new-address choice of the billing address dropdown. */
export const NEW_BILLING_ADDRESS = 'new';

/** spec 1 §9: autopayment day options 1 to 31. */
export const AUTO_PAYMENT_DAYS: readonly number[] = Array.from({ length: 31 }, (_, i) => i + 1);

type T = (key: string, values?: Record<string, unknown>) => string;

export interface DropdownOptionsInput {
  lang: 'en' | 'fr';
  t: T;
  /** province: whose regions (CA provinces and territories, US states, DC and territories); default CA. */
  country?: string | null;
  /** The records of a data type, labelled. */
  items?: readonly DropdownOption[];
  /** autoPaymentDate: the days offered when not all of 1 to 31 (a lease's allowed days). */
  days?: readonly number[];
  /** A first empty option ("Select…"); its label may be given. */
  placeholder?: boolean | string;
  /** The placeholder is not a choice (it cannot be picked back once a value is chosen). */
  placeholderDisabled?: boolean;
}

const regionOptions = (regions: readonly { code: string; en: string; fr: string }[], lang: 'en' | 'fr') =>
  regions.map((r) => ({ value: r.code, label: r[lang] }));

/** The options of a dropdown of `type`, in the UI's language, placeholder first when asked. */
export function dropdownOptions(type: DropdownType, input: DropdownOptionsInput): DropdownOption[] {
  const { t, placeholder, placeholderDisabled } = input;
  const options = typeOptions(type, input);
  if (!placeholder) return options;
  const label = typeof placeholder === 'string' ? placeholder : t('common.dropdown.select');
  return [placeholderDisabled ? { value: '', label, disabled: true } : { value: '', label }, ...options];
}

function typeOptions(type: DropdownType, { lang, t, country, items = [], days }: DropdownOptionsInput): DropdownOption[] {
  switch (type) {
    case 'province':
      return regionOptions(country === 'US' ? US_REGIONS : CA_PROVINCES, lang);
    case 'state':
      return regionOptions(US_REGIONS, lang);
    case 'country':
      return countryOptions(lang).map((c) => ({ value: c.code, label: c.name }));
    case 'lease-country':
      return COUNTRIES.map((c) => ({ value: c, label: countryName(c, lang) }));
    case 'phone-country':
      // spec 1 §5: phones are valid for CA or US, both +1
      return COUNTRIES.map((c) => ({ value: c, label: t('common.dropdown.phoneCountry', { country: countryName(c, lang) }) }));
    case 'autoPaymentDate':
      return (days ?? AUTO_PAYMENT_DAYS).map((d) => ({
        value: String(d),
        label: t('common.dropdown.dayOption', { count: d, ordinal: true }),
      }));
    case 'preferredContactMethod':
      return PREFERRED_CONTACT_METHODS.map((m) => ({ value: m, label: t(`common.dropdown.contactMethods.${m}`) }));
    case 'languages':
      return LANGUAGE_CODES.map((l) => ({ value: l, label: t(`common.languages.${l}`) }));
    case 'walletType':
      return WALLET_TYPES.map((w) => ({ value: w, label: t(`common.dropdown.walletTypes.${w}`) }));
    case 'billingAddress':
      return [...items, { value: NEW_BILLING_ADDRESS, label: t('common.dropdown.newAddress') }];
    default:
      return [...items];
  }
}
