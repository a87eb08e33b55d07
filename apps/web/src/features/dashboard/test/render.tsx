// Test harness of the dashboard components: the shared providers (src/test/render.tsx) in English by default.
import type { ReactElement } from 'react';
import { renderWithProviders as renderShared } from '../../../test/render';

export async function renderWithProviders(ui: ReactElement, { lang = 'en' }: { lang?: 'en' | 'fr' } = {}) {
  return renderShared(ui, { lang });
}
