// The one form state, input, dropdown and focus rule (issue 21 §2/§3, spec 2 §5): autofill read 500 ms after mount,
// revalidation 200 ms after a blur, errors only after a submit attempt, the first invalid field focused on a refusal,
// and the dropdown's options per type in English and French.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Dropdown } from './dropdown';
import { DROPDOWN_TYPES, type DropdownType, dropdownOptions } from './dropdown-options';
import { focusFirstInvalid } from './focus-first-invalid';
import { FormInput } from './form-input';
import { type FormErrors, useForm } from './use-form';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Values {
  email: string;
  city: string;
  province: string;
}

const validate = (v: Values): FormErrors<Values> => ({
  ...(v.email.includes('@') ? {} : { email: { key: 'validation.requiredField' } }),
  ...(v.city.trim() ? {} : { city: { key: 'validation.requiredField' } }),
  ...(v.province ? {} : { province: { key: 'validation.requiredField' } }),
});

function TestForm({ onValid, initial }: { onValid: (v: Values) => void; initial?: Partial<Values> }) {
  const form = useForm<Values>({ initialValues: { email: '', city: '', province: '', ...initial }, validate });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormInput type="email" title="Email" required {...form.bind('email')} />
      <FormInput type="city" title="City" required tooltip="The city of the address" {...form.bind('city')} />
      <Dropdown type="province" country="CA" title="Province" required placeholder {...form.bind('province')} />
      <span data-testid="errors">{Object.keys(form.errors).sort().join(',')}</span>
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormInput and useForm', () => {
  it('reads a browser-autofilled value into the form 500 ms after mount, and validates it', async () => {
    vi.useFakeTimers();
    const onValid = vi.fn();
    await renderWithProviders(<TestForm onValid={onValid} />);
    const email = screen.getByLabelText(/Email/) as HTMLInputElement;
    // the browser fills the field without a change event React hears
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(email, 'tenant@demo.test');
    await act(async () => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.getByTestId('errors').textContent).toBe('');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    // validated: the email is fine, the empty city and province are not (shown only after a submit)
    expect(screen.getByTestId('errors').textContent).toBe('city,province');
    expect(email.value).toBe('tenant@demo.test');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('revalidates a field 200 ms after it loses focus, not before', async () => {
    vi.useFakeTimers();
    await renderWithProviders(<TestForm onValid={vi.fn()} initial={{ city: 'Vancouver', province: 'BC' }} />);
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    const email = screen.getByLabelText(/Email/);
    fireEvent.focus(email);
    fireEvent.blur(email);
    await act(async () => {
      vi.advanceTimersByTime(199);
    });
    expect(screen.getByTestId('errors').textContent).toBe('');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('errors').textContent).toBe('email');
    // not shown before a submit attempt (spec 2 §5)
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('on a refused submit shows the errors, describes them and focuses the first invalid field in DOM order', async () => {
    const onValid = vi.fn();
    await renderWithProviders(<TestForm onValid={onValid} initial={{ email: 'tenant@demo.test' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const city = screen.getByRole('textbox', { name: /City/ });
    await vi.waitFor(() => expect(city).toHaveFocus());
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription(/Required Field/);
    expect(screen.getByRole('combobox', { name: /Province/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Email/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();
    // then the error follows the input
    fireEvent.change(city, { target: { value: 'Victoria' } });
    expect(await screen.findByRole('textbox', { name: /City/ })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('submits the values once every field is valid', async () => {
    const onValid = vi.fn();
    await renderWithProviders(<TestForm onValid={onValid} />);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'a@b.test' } });
    fireEvent.change(screen.getByRole('textbox', { name: /City/ }), { target: { value: 'Laval' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Province/ }), { target: { value: 'QC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'a@b.test', city: 'Laval', province: 'QC' }));
  });

  it('labels the tooltip button by the field and shows the tooltip text on keyboard focus', async () => {
    await renderWithProviders(<TestForm onValid={vi.fn()} />);
    const info = screen.getByRole('button', { name: 'More about City' });
    expect(info).toHaveAccessibleDescription('The city of the address');
  });

  it('keeps what a keystroke becomes and the limit', async () => {
    const changes: string[] = [];
    await renderWithProviders(
      <>
        <FormInput name="zip" title="Zip" value="" onChange={(v) => changes.push(v)} limit={5} />
        <FormInput
          name="postal"
          title="Postal"
          value=""
          addressCountry="CA"
          normalize={(raw, country) => (country === 'CA' ? raw.toUpperCase() : raw)}
          onChange={(v) => changes.push(v)}
        />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Zip'), { target: { value: '1234567' } });
    fireEvent.change(screen.getByLabelText('Postal'), { target: { value: 'v6b 1a1' } });
    expect(changes).toEqual(['12345', 'V6B 1A1']);
  });
});

describe('focusFirstInvalid (the one focus rule)', () => {
  it('focuses the first invalid field in DOM order, else the first fallback found', () => {
    document.body.innerHTML = `<form><input id="a"><input id="b" aria-invalid="true"><input id="c" aria-invalid="true"><div role="alert" tabindex="-1" id="al"></div></form>`;
    const form = document.querySelector('form');
    expect(focusFirstInvalid(form, ['[role="alert"]'])).toBe(true);
    expect(document.activeElement?.id).toBe('b');
    for (const el of document.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    focusFirstInvalid(form, ['[role="radio"]', '[role="alert"]']);
    expect(document.activeElement?.id).toBe('al');
    expect(focusFirstInvalid(null)).toBe(false);
    document.body.innerHTML = '';
  });
});

describe('Dropdown: the 16 types of the spec', () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`;

  it('has the spec list of types, in its order', () => {
    expect(DROPDOWN_TYPES).toEqual([
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
    ]);
  });

  it('lists provinces by country, US states, Canada and US first among countries, days 1 to 31', () => {
    const opts = (type: DropdownType, extra = {}) => dropdownOptions(type, { lang: 'en', t, ...extra });
    expect(opts('province', { country: 'CA' })).toHaveLength(13);
    expect(opts('province', { country: 'CA' })).toContainEqual({ value: 'QC', label: 'Quebec' });
    expect(opts('province', { country: 'US' }).map((o) => o.value)).toContain('DC');
    expect(opts('state').map((o) => o.value)).toEqual(expect.arrayContaining(['AL', 'WY', 'DC', 'PR']));
    expect(
      opts('country')
        .slice(0, 2)
        .map((o) => o.value),
    ).toEqual(['CA', 'US']);
    expect(opts('country').length).toBeGreaterThan(200);
    expect(opts('lease-country').map((o) => o.value)).toEqual(['CA', 'US']);
    expect(opts('autoPaymentDate').map((o) => o.value)).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
    expect(opts('autoPaymentDate', { days: [1, 15] }).map((o) => o.value)).toEqual(['1', '15']);
    expect(opts('walletType').map((o) => o.value)).toEqual(['APPLE_PAY', 'GOOGLE_PAY']);
    expect(opts('preferredContactMethod').map((o) => o.value)).toEqual(['MOBILE_PHONE', 'ALTERNATE_PHONE', 'EMAIL']);
    expect(opts('languages').map((o) => o.value)).toEqual(['en', 'fr']);
    const items = [{ value: 'x', label: 'X' }];
    for (const type of ['propertyLease', 'properties', 'paymentMethod', 'chargeCodes', 'product', 'coins'] as const)
      expect(opts(type, { items })).toEqual(items);
    expect(opts('billingAddress', { items }).map((o) => o.value)).toEqual(['x', 'new']);
    expect(opts('state', { placeholder: true })[0]).toEqual({ value: '', label: 'common.dropdown.select' });
  });

  it('renders its options in English and in French', async () => {
    const view = await renderWithProviders(
      <>
        <Dropdown type="autoPaymentDate" title="Day" value="1" onChange={() => {}} />
        <Dropdown type="preferredContactMethod" title="Contact" value="EMAIL" onChange={() => {}} />
        <Dropdown type="province" country="CA" title="Province" value="QC" onChange={() => {}} placeholder />
        <Dropdown type="phone-country" title="Phone country" value="US" onChange={() => {}} />
      </>,
    );
    const names = (label: RegExp) =>
      within(screen.getByRole('combobox', { name: label }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(names(/Day/).slice(0, 3)).toEqual(['1st of the month', '2nd of the month', '3rd of the month']);
    expect(names(/Contact/)).toEqual(['Mobile phone', 'Alternate phone', 'Email']);
    expect(names(/Province/)[0]).toBe('Select…');
    expect(names(/Phone country/)).toEqual(['Canada (+1)', 'United States (+1)']);
    view.unmount();

    await renderWithProviders(
      <>
        <Dropdown type="autoPaymentDate" title="Jour" value="1" onChange={() => {}} />
        <Dropdown type="preferredContactMethod" title="Contact" value="EMAIL" onChange={() => {}} />
        <Dropdown type="province" country="CA" title="Province" value="QC" onChange={() => {}} placeholder />
        <Dropdown type="lease-country" title="Pays" value="US" onChange={() => {}} />
      </>,
      { lang: 'fr' },
    );
    expect(names(/Jour/).slice(0, 2)).toEqual(['1er du mois', '2 du mois']);
    expect(names(/Contact/)).toEqual(['Téléphone mobile', 'Autre téléphone', 'Courriel']);
    expect(names(/Province/)).toContain('Québec');
    expect(names(/Province/)[0]).toBe('Sélectionner…');
    expect(names(/Pays/)).toEqual(['Canada', 'États-Unis']);
  });

  it('is changed from the keyboard like any native select and revalidates 200 ms after a blur', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const onRevalidate = vi.fn();
    await renderWithProviders(
      <Dropdown type="languages" title="Language" value="en" onChange={onChange} onRevalidate={onRevalidate} />,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    fireEvent.change(select, { target: { value: 'fr' } });
    expect(onChange).toHaveBeenCalledWith('fr');
    fireEvent.blur(select);
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(onRevalidate).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onRevalidate).toHaveBeenCalledTimes(1);
  });
});
