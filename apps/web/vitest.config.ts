import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { lazyLocaleSections } from './vite.config';

export default defineConfig({
  plugins: [react(), lazyLocaleSections()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // happy-dom rather than jsdom: the same 2,041 tests pass on both, in about two thirds of the time (313 → 215 s on
    // this machine, 20 % less CPU), which npm test needs on two cores beside the browser journeys. What only a real
    // browser shows (layout, focus rings, contrast) is the journeys' job, in Chromium.
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // npm test runs these beside the browser journeys (a Chromium and a server) on two cores: a modal test driven with
    // userEvent can take several seconds there. The timeouts bound a hang; they are not what a test asserts.
    testTimeout: 30_000,
  },
});
