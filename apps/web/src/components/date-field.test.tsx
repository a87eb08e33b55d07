// The console's date field (issue 23 Standards, spec 2 §5 Date picker "Placeholder: yyyy-mm-dd"): typed as yyyy-mm-dd
// whatever the browser's locale (never a native mm/dd/yyyy), the language's placeholder, the date spelled back as the
// portal shows dates (DD-MMM-YYYY), a day up or down with the arrow keys, an impossible date refused on leaving the
// field, and an ISO YYYY-MM-DD value.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateField } from './date-field';

function Harness({
  onDate,
  initial = '',
  min,
  checkOnBlur = true,
}: {
  onDate?: (d: string) => void;
  initial?: string;
  min?: string;
  checkOnBlur?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        name="due"
        title="Due date"
        value={value}
        onChange={setValue}
        onDateChange={onDate}
        min={min}
        checkOnBlur={checkOnBlur}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('DateField', () => {
  it('in French: a text field (no browser mm/dd/yyyy) with aaaa-mm-jj, the digits typed become an ISO date spelled back', async () => {
    const onDate = vi.fn();
    await renderWithProviders(<Harness onDate={onDate} />, { lang: 'fr' });
    const input = screen.getByRole('textbox', { name: 'Due date' });
    expect(input).not.toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAccessibleDescription('Entrez la date au format aaaa-mm-jj');
    await userEvent.setup().type(input, '20260115');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-01-15');
    expect(onDate).toHaveBeenLastCalledWith('2026-01-15');
    // only whole dates reach the caller (a filter is not reread at each keystroke)
    expect(onDate).toHaveBeenCalledTimes(1);
    expect(input).toHaveAccessibleDescription('Date\u202f: 15-janv-2026');
  });

  it('in English: yyyy-mm-dd and 15-Jan-2026', async () => {
    await renderWithProviders(<Harness initial="2026-01-15" />, { lang: 'en' });
    const input = screen.getByRole('textbox', { name: 'Due date' });
    expect(input).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    expect(input).toHaveAccessibleDescription('Date: 15-Jan-2026');
  });

  it('refuses an impossible date once the field is left, in the language of the user', async () => {
    const onDate = vi.fn();
    await renderWithProviders(<Harness onDate={onDate} />, { lang: 'fr' });
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Due date' });
    await user.type(input, '20260230');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // read with the field (aria-describedby), beside the format hint
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Date invalide (aaaa-mm-jj)'));
    expect(onDate).not.toHaveBeenCalled();
  });

  it('in a form (no checkOnBlur), leaves the refusal to the form: nothing shown on leaving the field (spec 2 §5)', async () => {
    await renderWithProviders(<Harness checkOnBlur={false} />, { lang: 'fr' });
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Due date' });
    await user.type(input, '20260230');
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('moves a day with ArrowUp and ArrowDown (across a month), as a native date input does', async () => {
    const onDate = vi.fn();
    await renderWithProviders(<Harness initial="2026-01-31" onDate={onDate} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Due date' }));
    await user.keyboard('{ArrowUp}');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-02-01');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-01-30');
    expect(onDate).toHaveBeenLastCalledWith('2026-01-30');
  });

  it('refuses a date before its min, naming the min as the portal shows dates', async () => {
    await renderWithProviders(<Harness initial="2026-01-10" min="2026-02-01" />, { lang: 'fr' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Due date' }));
    await user.tab();
    expect(screen.getByText('Choisissez une date à partir du 01-févr-2026.')).toBeInTheDocument();
  });

  it('emptied: tells the caller ""', async () => {
    const onDate = vi.fn();
    await renderWithProviders(<Harness initial="2026-01-10" onDate={onDate} />);
    await userEvent.setup().clear(screen.getByRole('textbox', { name: 'Due date' }));
    expect(onDate).toHaveBeenLastCalledWith('');
  });
});
