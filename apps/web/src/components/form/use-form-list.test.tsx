// useForm's list fields (issue 21 §3 "one form state", issue 23 the lease's recurring charge lines): items appended,
// removed and updated, each item's field with its own message by path ('lines.1.amount', as the server names it), the
// server's messages moving with their item, and the one focus rule reaching an item's field.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FormInput } from './form-input';
import { type FormErrors, type FormPath, useForm } from './use-form';

afterEach(cleanup);

interface Values {
  title: string;
  lines: { code: string; amount: string }[];
}

const required = { key: 'validation.requiredField' };
const validate = (v: Values): FormErrors<Values> => {
  const errors: FormErrors<Values> = {};
  if (!v.title) errors.title = required;
  if (v.lines.length === 0) errors.lines = { key: 'validation.charges.atLeastOne' };
  v.lines.forEach((line, i) => {
    if (!line.code) errors[`lines.${i}.code`] = required;
    if (!/^\d+$/.test(line.amount)) errors[`lines.${i}.amount`] = required;
  });
  return errors;
};

function ListForm({
  onValid,
  initial,
  serverErrors = [],
}: {
  onValid: (v: Values) => void;
  initial: Values;
  serverErrors?: { field: string; message: string }[];
}) {
  const form = useForm<Values>({ initialValues: initial, validate });
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const lines = form.list('lines');
  return (
    <form noValidate ref={form.formRef} onSubmit={form.handleSubmit(onValid)}>
      <FormInput title="Title" {...form.bind('title')} />
      {lines.keys.map((key, i) => (
        <div key={key} data-testid="line">
          <FormInput title={`Code ${i + 1}`} {...lines.bind(i, 'code')} />
          <FormInput title={`Amount ${i + 1}`} {...lines.bind(i, 'amount')} />
          <button type="button" onClick={() => lines.remove(i)}>
            Remove {i + 1}
          </button>
        </div>
      ))}
      {form.error('lines') && <p role="alert">At least one line</p>}
      <button type="button" onClick={() => lines.append({ code: '', amount: '' })}>
        Add
      </button>
      <button type="button" onClick={() => lines.update(0, { code: 'Rent', amount: '1' })}>
        Fill the first
      </button>
      <button
        type="button"
        onClick={() =>
          // the server names the lines 'charges' (the form: 'lines'); a name the form does not know is not placed
          setUnplaced(
            form.showServerErrors(serverErrors, (f) =>
              f.startsWith('charges.') ? (f.replace('charges', 'lines') as FormPath<Values>) : null,
            ),
          )
        }
      >
        Server refusal
      </button>
      <span data-testid="unplaced">{unplaced.join('|')}</span>
      <span data-testid="shown">{Object.keys(form.shownErrors).sort().join(',')}</span>
      <button type="submit">Save</button>
    </form>
  );
}

const code = (n: number) => screen.getByRole('textbox', { name: `Code ${n}` });
const amount = (n: number) => screen.getByRole('textbox', { name: `Amount ${n}` });

describe('useForm list fields', () => {
  it("shows each item's own message after a refused submit and focuses the first invalid item field", async () => {
    const onValid = vi.fn();
    await renderWithProviders(
      <ListForm
        onValid={onValid}
        initial={{
          title: 'Lease',
          lines: [
            { code: 'Rent', amount: '1850' },
            { code: 'Parking', amount: 'x' },
          ],
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(amount(2)).toHaveFocus());
    expect(amount(2)).toHaveAttribute('aria-invalid', 'true');
    expect(amount(2)).toHaveAttribute('name', 'lines.1.amount');
    expect(amount(2)).toHaveAccessibleDescription('Required Field');
    expect(amount(1)).not.toHaveAttribute('aria-invalid', 'true');
    expect(code(2)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('shown').textContent).toBe('lines.1.amount');
    expect(onValid).not.toHaveBeenCalled();
    // the message follows the item's input
    fireEvent.change(amount(2), { target: { value: '75' } });
    expect(amount(2)).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({
        title: 'Lease',
        lines: [
          { code: 'Rent', amount: '1850' },
          { code: 'Parking', amount: '75' },
        ],
      }),
    );
  });

  it('appends and updates items, and refuses an empty list with the list message', async () => {
    const onValid = vi.fn();
    await renderWithProviders(<ListForm onValid={onValid} initial={{ title: 'Lease', lines: [] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At least one line');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // the new item is invalid (shown: a submit was attempted) until it is filled
    expect(code(1)).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Fill the first' }));
    expect(code(1)).toHaveValue('Rent');
    expect(amount(1)).toHaveValue('1');
    expect(code(1)).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ title: 'Lease', lines: [{ code: 'Rent', amount: '1' }] }));
  });

  it("keeps the server's item messages with their item when an earlier item is removed, and clears one on change", async () => {
    await renderWithProviders(
      <ListForm
        onValid={vi.fn()}
        initial={{
          title: 'Lease',
          lines: [
            { code: 'Rent', amount: '1850' },
            { code: 'Parking', amount: '75' },
            { code: 'Storage', amount: '20' },
          ],
        }}
        serverErrors={[
          { field: 'charges.1.code', message: 'Unknown charge code Parking' },
          { field: 'charges.2.code', message: 'Unknown charge code Storage' },
          { field: 'tenantNotes', message: 'Too long' },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Server refusal' }));
    // the focus rule reaches the first item field the server named
    await vi.waitFor(() => expect(code(2)).toHaveFocus());
    expect(code(2)).toHaveAccessibleDescription('Unknown charge code Parking');
    expect(code(3)).toHaveAccessibleDescription('Unknown charge code Storage');
    expect(screen.getByTestId('unplaced').textContent).toBe('Too long');

    fireEvent.click(screen.getByRole('button', { name: 'Remove 1' }));
    expect(screen.getAllByTestId('line')).toHaveLength(2);
    expect(code(1)).toHaveValue('Parking');
    expect(code(1)).toHaveAccessibleDescription('Unknown charge code Parking');
    expect(code(2)).toHaveValue('Storage');
    expect(code(2)).toHaveAccessibleDescription('Unknown charge code Storage');
    expect(screen.getByTestId('shown').textContent).toBe('lines.0.code,lines.1.code');

    // a change of the item's field takes its server message away, the other item keeps its own
    fireEvent.change(code(1), { target: { value: 'Rent' } });
    expect(code(1)).not.toHaveAttribute('aria-invalid', 'true');
    expect(code(2)).toHaveAttribute('aria-invalid', 'true');

    // removing the item in error takes its message with it
    fireEvent.click(screen.getByRole('button', { name: 'Remove 2' }));
    expect(screen.getByTestId('shown').textContent).toBe('');
  });

  it('keeps each item in its own input across removals (stable keys)', async () => {
    await renderWithProviders(
      <ListForm
        onValid={vi.fn()}
        initial={{
          title: 'Lease',
          lines: [
            { code: 'A', amount: '1' },
            { code: 'B', amount: '2' },
          ],
        }}
      />,
    );
    const second = code(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 1' }));
    // the same DOM input now holds the first item (React kept B's row)
    expect(code(1)).toBe(second);
    expect(second).toHaveValue('B');
    expect(second).toHaveAttribute('name', 'lines.0.code');
  });
});
