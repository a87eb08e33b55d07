// Issue 21 §2 (spec 2 §8): RM_ERROR_REQUIRED_FIELD answers were shown as the server's raw text. Mapped where every
// screen shows a failed call: a missing birth date says to update it in Account, "start date is missing" says to speak
// to the property manager, any other required field shows the server's message.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import i18n from '../lib/i18n';
import { ErrorState } from './query-state';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const shown = (error: unknown) => {
  const view = render(
    <MantineProvider env="test">
      <ErrorState error={error} />
    </MantineProvider>,
  );
  const text = screen.getByRole('alert').textContent;
  view.unmount();
  return text;
};
const required = (message: string) => new ApiError(400, 'RM_ERROR_REQUIRED_FIELD', message);

describe('a failed call with RM_ERROR_REQUIRED_FIELD (spec 2 §8)', () => {
  it('maps a missing birth date, a missing lease start date, and shows any other message', async () => {
    expect(shown(required('birthDate is required'))).toContain(
      'Your date of birth is missing. Please update it in your account settings.',
    );
    expect(shown(required('Lease start date is missing'))).toContain(
      'Your lease start date is missing. Please speak to your property manager.',
    );
    expect(shown(required('unit is required'))).toContain('unit is required');
    await i18n.changeLanguage('fr');
    expect(shown(required('birthDate is required'))).toContain('Votre date de naissance');
  });
});
