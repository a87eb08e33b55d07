// The billing address part of the card and bank forms (spec 1 §5 "Card and bank forms", spec 2 §5 input-field rules).
// Plain values and checks rather than react-hook-form: the address is a sub-form shared by two forms whose fields
// are rewritten on every keystroke (normalisers), and the errors must follow the inputs after a submit attempt.
import type { AddressRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import {
  normalizeCaPostalCode,
  normalizeCityInput,
  normalizeStreetInput,
  normalizeUsZip,
  SUITE_MAX_LENGTH,
  validateCity,
  validatePostalCode,
  validateRequired,
  validateStreet,
} from '@portal/domain/input-fields';
import type { AddressFields } from '@portal/domain/payment-method-bodies';
import { defaultBillingAddress } from '@portal/domain/payment-methods';
import type { MessageRef, RuleResult } from '@portal/domain/rule';

export interface AddressFormValues {
  suite: string;
  street1: string;
  street2: string;
  city: string;
  country: Country;
  province: string;
  postalCode: string;
}
export type AddressField = keyof AddressFormValues;
export type AddressErrors = Partial<Record<AddressField, MessageRef>>;

/** The choice of the billing address: a saved one by id, or a new one ('new'). */
export const NEW_ADDRESS = 'new';

const asCountry = (c: string | null | undefined): Country => (c === 'CA' ? 'CA' : 'US');

/** A new address in the tenant's country with no province chosen (issue 20: not United States / Alabama). */
export function emptyAddress(country: Country): AddressFormValues {
  return { suite: '', street1: '', street2: '', city: '', country, province: '', postalCode: '' };
}

/** A saved address shown (disabled) in the fields. */
export function addressValues(a: AddressRecord): AddressFormValues {
  return {
    suite: a.suite ?? '',
    street1: a.street1,
    street2: a.street2 ?? '',
    city: a.city,
    country: asCountry(a.country),
    province: a.province ?? '',
    postalCode: a.postalCode,
  };
}

// spec 2 §5: postal code input by country (CA upper-cased and cut at 7, US zip digits and a hyphen)
export const normalizePostalInput = (raw: string, country: Country): string =>
  country === 'CA' ? normalizeCaPostalCode(raw) : normalizeUsZip(raw);

/** What a keystroke in a field becomes (spec 2 §5: street and city character sets, postal by country). */
export function setAddressField(values: AddressFormValues, field: AddressField, raw: string): AddressFormValues {
  switch (field) {
    case 'street1':
    case 'street2':
      return { ...values, [field]: normalizeStreetInput(raw) };
    case 'city':
      return { ...values, city: normalizeCityInput(raw) };
    case 'postalCode':
      return { ...values, postalCode: normalizePostalInput(raw, values.country) };
    case 'country': {
      // another country's list: the tenant chooses the province (issue 20: no silent BC or AL)
      const country = asCountry(raw);
      return {
        ...values,
        country,
        province: country === values.country ? values.province : '',
        postalCode: normalizePostalInput(values.postalCode, country),
      };
    }
    default:
      return { ...values, [field]: raw };
  }
}

const err = (r: RuleResult): MessageRef | undefined => (r.ok ? undefined : { key: r.key, values: r.values });

// spec 1 §5: every field required except suite and street2; postal format by country; the state select is required.
// The suite follows the street rule when given, as the server checks it (payment-method-bodies addressFieldsSchema).
export function validateAddress(v: AddressFormValues): AddressErrors {
  const errors: AddressErrors = {
    suite: v.suite.trim() === '' ? undefined : err(validateStreet(v.suite, SUITE_MAX_LENGTH)),
    street1: err(validateStreet(v.street1)),
    street2: v.street2.trim() === '' ? undefined : err(validateStreet(v.street2)),
    city: err(validateCity(v.city)),
    province: err(validateRequired(v.province)),
    postalCode: err(validatePostalCode(v.postalCode, v.country)),
  };
  for (const k of Object.keys(errors) as AddressField[]) if (!errors[k]) delete errors[k];
  return errors;
}

const orNull = (s: string): string | null => (s.trim() === '' ? null : s.trim());

/** The new address as POST /create's `billingAddress` (payment-method-bodies addressFieldsSchema). */
export function addressBody(v: AddressFormValues): AddressFields {
  return {
    addressType: 'BILLING',
    suite: orNull(v.suite),
    street1: v.street1.trim(),
    street2: orNull(v.street2),
    city: v.city.trim(),
    province: v.province,
    postalCode: v.country === 'CA' ? v.postalCode.trim().toUpperCase() : v.postalCode.trim(),
    country: v.country,
  };
}

export interface BillingChoice {
  /** A saved address's id, or NEW_ADDRESS. */
  addressId: string;
  values: AddressFormValues;
}

/** The billing part of a method body: the saved address's id, or the new address inline (written with the method). */
export function billingBody(choice: BillingChoice): { billingAddressId: string } | { billingAddress: AddressFields } {
  return choice.addressId === NEW_ADDRESS
    ? { billingAddress: addressBody(choice.values) }
    : { billingAddressId: choice.addressId };
}

/**
 * The billing choice a new method starts with (issue 20): the tenant's most recent saved address among `saved`, else a
 * new address in `country` (the tenant's) with no province chosen.
 */
export function defaultBillingChoice(saved: readonly AddressRecord[], country: Country): BillingChoice {
  const address = defaultBillingAddress(saved);
  return address
    ? { addressId: address.id, values: addressValues(address) }
    : { addressId: NEW_ADDRESS, values: emptyAddress(country) };
}

/** Errors of the billing choice: a saved address is already valid. */
export function validateBilling(choice: BillingChoice): AddressErrors {
  return choice.addressId === NEW_ADDRESS ? validateAddress(choice.values) : {};
}
