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
  },
});
