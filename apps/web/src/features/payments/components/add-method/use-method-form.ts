// What the card and bank forms share (spec 1 §5 "Card and bank forms", spec 1 §8 "Adding methods", spec 2 §5): the
// billing-address choice, errors shown only after a submit attempt, focus on the first invalid field, the POST /create
// call, and a refusal mapped by the domain's error rule into a focused alert.
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import type { ServerAnswer } from '@portal/domain/errors';
import { billingAddressOptions } from '@portal/domain/payment-methods';
import type { MessageRef } from '@portal/domain/rule';
import { useRef, useState } from 'react';
import { useCustomer } from '../../../../api/customer/get-customer';
import { answerOf } from '../../../../lib/api-client';
import { type CreatePaymentMethodInput, useCreatePaymentMethod } from '../../api/create-payment-method';
import { useAddresses } from '../../api/search-addresses';
import { type BillingChoice, defaultBillingChoice, validateBilling } from '../../forms/billing-address-form';

interface BillingOptions {
  userId: string;
  /** 'card' offers every saved address, 'other' (bank accounts) only US and CA ones (spec 1 §5). */
  use: 'card' | 'other';
  /** The country a new address starts in while the tenant's own is not known (the form's country). */
  fallbackCountry: Country;
}

/**
 * The billing choice: until the tenant changes it, the default of issue 20 (their most recent saved address, else a new
 * one in their country with no province), derived from the queries so it follows them as they load.
 */
function useBillingChoice({ userId, use, fallbackCountry }: BillingOptions) {
  const addresses = useAddresses(userId);
  const customer = useCustomer(userId || undefined);
  const country: Country = customer.data?.country ?? fallbackCountry;
  const [chosen, setChosen] = useState<BillingChoice | null>(null);
  const billing = chosen ?? defaultBillingChoice(billingAddressOptions(addresses.data?.records ?? [], use), country);
  return { billing, setBilling: setChosen, newAddressCountry: country };
}

export function useMethodForm(mapError: (answer: ServerAnswer) => MessageRef, options: BillingOptions) {
  const create = useCreatePaymentMethod();
  const { billing, setBilling, newAddressCountry } = useBillingChoice(options);
  const [submitted, setSubmitted] = useState(false);
  const [alert, setAlert] = useState<MessageRef | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  /**
   * Submits `form` when neither `fieldErrors` (the method's own fields) nor the billing address has an error, then
   * hands the created method to `onAdded`. `input` is only built once everything is valid.
   */
  const submit = async (
    form: HTMLFormElement,
    fieldErrors: object,
    input: () => CreatePaymentMethodInput,
    onAdded: (method: PaymentMethodRecord) => void,
  ) => {
    setSubmitted(true);
    setAlert(null);
    const found = { ...fieldErrors, ...validateBilling(billing) };
    if (Object.keys(found).length > 0) {
      // focus the first field that needs attention
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      onAdded(await create.mutateAsync(input()));
    } catch (err) {
      // spec 1 §8 "Adding methods": server texts come in the UI language; domain keys are translated here
      setAlert(mapError(answerOf(err)));
      setTimeout(() => alertRef.current?.focus());
    }
  };

  return {
    billing,
    setBilling,
    /** The country a new billing address starts in: the tenant's. */
    newAddressCountry,
    /** spec 2 §5: errors appear after a submit attempt and then follow the inputs. */
    submitted,
    billingErrors: submitted ? validateBilling(billing) : {},
    alert,
    alertRef,
    busy: create.isPending,
    submit,
  };
}
