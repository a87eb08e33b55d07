// The one form state for nested values (issue 21 §3): dotted paths, repeatable lists and one state shared by a form's
// parts, with the rules of useForm (spec 2 §5): errors shown only after a submit attempt, then following the inputs,
// and the one focus rule on a refusal.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAt, NestedFormProvider, type PathErrors, setAt, useNestedForm, useNestedFormContext } from './nested-form';

afterEach(cleanup);

interface Values {
  name: string;
  people: { first: string; age: string }[];
}

const required = { key: 'validation.requiredField' };
const validate = (v: Values): PathErrors => {
  const errors: PathErrors = {};
  if (!v.name) errors.name = required;
  if (v.people.length === 0) errors.people = { key: 'validation.atLeastOne' };
  v.people.forEach((p, i) => {
    if (!p.first) errors[`people.${i}.first`] = required;
  });
  return errors;
};

/** A part of the form (a step) that reads and writes the shared state through the context. */
function PeopleStep() {
  const form = useNestedFormContext<Values>();
  const { keys, append, remove } = form.list('people');
  return (
    <fieldset>
      {keys.map((key, i) => (
        <div key={key} data-testid="entry">
          <label>
            First name {i + 1}
            <input
              value={form.getValue(`people.${i}.first`)}
              onChange={(e) => form.setValue(`people.${i}.first`, e.currentTarget.value)}
              aria-invalid={form.error(`people.${i}.first`) ? true : undefined}
            />
          </label>
          <button type="button" onClick={() => remove(i)}>
            Remove {i + 1}
          </button>
        </div>
      ))}
      {form.error('people') && <p role="alert">At least one person</p>}
      <button type="button" onClick={() => append({ first: '', age: '' })}>
        Add
      </button>
    </fieldset>
  );
}

function NameStep() {
  const form = useNestedFormContext<Values>();
  return (
    <label>
      Name
      <input
        value={form.values.name}
        onChange={(e) => form.setValue('name', e.currentTarget.value)}
        aria-invalid={form.error('name') ? true : undefined}
      />
    </label>
  );
}

let api: ReturnType<typeof useNestedForm<Values>> | null = null;

function TestForm({ onValid, initial }: { onValid: (v: Values) => void; initial: Values }) {
  const form = useNestedForm<Values>({ initialValues: initial, validate, focusFallbacks: ['[role="alert"]'] });
  api = form;
  return (
    <NestedFormProvider form={form}>
      <form ref={form.formRef} noValidate onSubmit={form.handleSubmit(onValid)}>
        <NameStep />
        <PeopleStep />
        <output data-testid="shown">{Object.keys(form.errors).sort().join(',')}</output>
        <output data-testid="dirty">{String(form.isDirty)}</output>
        <output data-testid="summary">{form.values.people.map((p) => p.first).join('|')}</output>
        <button type="submit">Save</button>
      </form>
    </NestedFormProvider>
  );
}

const first = (n: number) => screen.getByLabelText(`First name ${n}`) as HTMLInputElement;

describe('getAt and setAt', () => {
  it('read and write a dotted path, copying only the branch on the path', () => {
    const values = { a: { b: [{ c: 1 }, { c: 2 }] }, d: { e: 3 } };
    expect(getAt(values, 'a.b.1.c')).toBe(2);
    expect(getAt(values, 'a.x.1')).toBeUndefined();
    const next = setAt(values, 'a.b.1.c', 9);
    expect(next.a.b[1]?.c).toBe(9);
    expect(values.a.b[1]?.c).toBe(2);
    expect(next.d).toBe(values.d);
    expect(next.a.b[0]).toBe(values.a.b[0]);
    expect(Array.isArray(next.a.b)).toBe(true);
  });
});

describe('useNestedForm', () => {
  it('shares one state between the parts, shows nothing before a submit, then errors follow the inputs', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} initial={{ name: '', people: [{ first: '', age: '' }] }} />);
    fireEvent.change(first(1), { target: { value: 'Ann' } });
    // the other part (the summary) reads the value the step wrote
    expect(screen.getByTestId('summary').textContent).toBe('Ann');
    fireEvent.change(first(1), { target: { value: '' } });
    expect(screen.getByTestId('shown').textContent).toBe('');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByTestId('shown').textContent).toBe('name,people.0.first');
    // the one focus rule: the first invalid field in DOM order
    expect(screen.getByLabelText('Name')).toHaveFocus();

    fireEvent.change(first(1), { target: { value: 'Ann' } });
    expect(screen.getByTestId('shown').textContent).toBe('name');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lease' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(onValid).toHaveBeenCalledWith({ name: 'Lease', people: [{ first: 'Ann', age: '' }] });
  });

  it('adds and removes entries, keeping each entry’s input and moving its shown error with it', async () => {
    render(<TestForm onValid={vi.fn()} initial={{ name: 'x', people: [] }} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    // no field is invalid: the list's own error (the fallback) takes the focus
    expect(screen.getByRole('alert')).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(first(1), { target: { value: 'Ann' } });
    fireEvent.change(first(3), { target: { value: 'Cy' } });
    const third = first(3);
    expect(screen.getByTestId('shown').textContent).toBe('people.1.first');

    // a server's messages, shown without a submit: they move with their entry when one before is removed
    act(() => api?.showErrors({ 'people.2.first': { serverText: 'Too short' }, 'people.0.first': { serverText: 'No' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove 1' }));
    expect(screen.getByTestId('summary').textContent).toBe('|Cy');
    expect(screen.getByTestId('shown').textContent).toBe('people.1.first');
    // the same input (its key) now shows entry 2
    expect(first(2)).toBe(third);
    expect(first(2)).toHaveAttribute('aria-invalid', 'true');
  });

  it('is dirty once a value differs from the saved one; reset makes the saved values the unchanged state', () => {
    render(<TestForm onValid={vi.fn()} initial={{ name: 'x', people: [{ first: 'A', age: '' }] }} />);
    expect(screen.getByTestId('dirty').textContent).toBe('false');
    fireEvent.change(first(1), { target: { value: 'B' } });
    expect(screen.getByTestId('dirty').textContent).toBe('true');
    fireEvent.change(first(1), { target: { value: 'A' } });
    expect(screen.getByTestId('dirty').textContent).toBe('false');
    fireEvent.change(first(1), { target: { value: 'B' } });
    const saved = api?.getValues();
    // typed while the save ran: kept, and still a change from what was saved
    fireEvent.change(first(1), { target: { value: 'BC' } });
    act(() => saved && api?.reset(saved, { keepValues: true }));
    expect(first(1).value).toBe('BC');
    expect(screen.getByTestId('dirty').textContent).toBe('true');
    act(() => saved && api?.reset(saved));
    expect(first(1).value).toBe('B');
    expect(screen.getByTestId('dirty').textContent).toBe('false');
  });
});
