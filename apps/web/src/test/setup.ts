import '@testing-library/jest-dom/vitest';
import en from '@portal/i18n/locales/en.json';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addEnglish } from '../lib/i18n';

// Mantine reads these browser APIs that the test DOM (happy-dom) may lack.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => {};
// happy-dom has no print dialog; the receipt and cash-slip tests spy on it
window.print ??= () => {};

// The app registers the English of a lazily loaded screen when that screen's chunk loads (lib/i18n.ts, addEnglish);
// tests render the screens' parts directly, so every section is registered up front.
addEnglish(en);

// findBy/waitFor wait up to 1 s by default; under npm test's load (vitest beside the journeys on two cores) a modal's
// first render can take longer. Waiting longer changes nothing for a passing test and still fails a missing element.
configure({ asyncUtilTimeout: 5000 });

// Globals are off, so Testing Library cannot register its own cleanup: do it here once for every test file.
afterEach(() => cleanup());
