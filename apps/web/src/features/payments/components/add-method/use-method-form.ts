// What the card and bank forms share (spec 1 §5 "Card and bank forms", spec 1 §8 "Adding methods", spec 2 §5): the
// billing-address choice, the form state (components/form/use-form: errors shown only after a submit attempt, focus on
// the first invalid field), the POST /create call, and a refusal mapped by the domain's error rule into a focused alert.
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import type { ServerAnswer } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import { billingAddressOptions } from '@portal/domain/payment-methods';
import type { MessageRef } from '@portal/domain/rule';
import { useRef, useState } from 'react';
import { useCustomer } from '../../../../api/customer/get-customer';
import { type FormErrors, useForm } from '../../../../components/form/use-form';
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
 * The billing default: until the tenant changes the choice, the default of issue 20 (their most recent saved address, else a new
 * one in their country with no province), derived from the queries so it follows them as they load.
 */
function useBillingDefault({ userId, use, fallbackCountry }: BillingOptions) {
  const addresses = useAddresses(userId);
  const customer = useCustomer(userId || undefined);
  const country: Country = customer.data?.country ?? fallbackCountry;
  const defaultBilling = defaultBillingChoice(billingAddressOptions(addresses.data?.records ?? [], use), country);
  return { defaultBilling, newAddressCountry: country };
}

/** The method's own values and the billing choice (null: the default, which follows the queries as they load). */
export type MethodFormValues<V extends object> = V & { billing: BillingChoice | null };

interface MethodFormOptions<V extends object> extends BillingOptions {
  initialValues: () => V;
  /** The method's own fields' messages (the domain validators the server also applies). */
  validate: (values: V) => FormErrors<V>;
}

export function useMethodForm<V extends object>(
  mapError: (answer: ServerAnswer) => MessageRef,
  { initialValues, validate, ...options }: MethodFormOptions<V>,
) {
  const create = useCreatePaymentMethod();
  const { defaultBilling, newAddressCountry } = useBillingDefault(options);
  const [alert, setAlert] = useState<MessageRef | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // issue 21 §3: the portal's one form state; the billing address blocks the submit while a new one is invalid
  const form = useForm<MethodFormValues<V>>({
    initialValues: () => ({ ...initialValues(), billing: null }),
    validate: (v) => {
      const billingOk = Object.keys(validateBilling(v.billing ?? defaultBilling)).length === 0;
      return { ...validate(v), ...(billingOk ? {} : { billing: { key: MSG.requiredField } }) } as FormErrors<MethodFormValues<V>>;
    },
  });
  const billing = form.values.billing ?? defaultBilling;

  /**
   * The form's onSubmit: when neither the method's fields nor the billing address has an error, POSTs `input` and
   * hands the created method to `onAdded`; a refusal is mapped into a focused alert.
   */
  const submit = (
    input: (values: V, billing: BillingChoice) => CreatePaymentMethodInput,
    onAdded: (method: PaymentMethodRecord) => void,
  ) =>
    form.handleSubmit(
      async (values) => {
        setAlert(null);
        try {
          onAdded(await create.mutateAsync(input(values, values.billing ?? defaultBilling)));
        } catch (err) {
          // spec 1 §8 "Adding methods": server texts come in the UI language; domain keys are translated here
          setAlert(mapError(answerOf(err)));
          setTimeout(() => alertRef.current?.focus());
        }
      },
      () => setAlert(null),
    );

  return {
    form,
    billing,
    setBilling: (next: BillingChoice) => form.setValue('billing', next as MethodFormValues<V>['billing']),
    /** The country a new billing address starts in: the tenant's. */
    newAddressCountry,
    /** spec 2 §5: errors appear after a submit attempt and then follow the inputs. */
    billingErrors: form.submitted ? validateBilling(billing) : {},
    alert,
    alertRef,
    busy: create.isPending,
    submit,
  };
}
