// issue 9: no code shown raw in the read-only application: the employment status reads as a label, EN and FR.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { application } from '../../../test/dashboard-fixtures';
import { renderWithProviders } from '../../../test/render';
import { ApplicationViewModal } from './application-view-modal';

const app = application({
  id: 'app-2',
  status: 'PENDING',
  employment: { employment: 'EMPLOYED', employerName: 'Coastal Health' } as never,
  otherOccupants: [{ names: 'Sam Tremblay', age: 34, relationship: 'Spouse', employment: 'SELF_EMPLOYED' }] as never,
});

describe('ApplicationViewModal', () => {
  it.each([
    ['en', 'Employed', 'Self-employed'],
    ['fr', 'Salarié', 'Travailleur autonome'],
  ] as const)('shows employment codes as labels (%s)', async (lang, employed, selfEmployed) => {
    await renderWithProviders(<ApplicationViewModal application={app} status="SUBMITTED" opened onClose={() => {}} />, {
      lang,
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(employed);
    expect(dialog).toHaveTextContent(selfEmployed);
    expect(dialog.textContent).not.toMatch(/\bEMPLOYED\b|SELF.EMPLOYED/);
  });
});
