import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { lazyLocaleSections } from './vite.config';

export default defineConfig({
  plugins: [react(), lazyLocaleSections()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // npm test runs these beside the browser journeys (a Chromium and a server) on two cores: a modal test driven with
    // userEvent can take several seconds there. The timeouts bound a hang; they are not what a test asserts.
    testTimeout: 30_000,
  },
});
