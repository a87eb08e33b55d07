// Playwright journeys in system Chromium against the built app on a fresh embedded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// This file is loaded by the runner and by each worker: each removes the folder it made (the server is stopped first).
if (!process.env.E2E_DATA_DIR) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: journeys reset the shared demo data before they start.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(tmpdir(), 'portal-e2e-results'),
  use: {
    baseURL,
    locale: 'en-CA',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/ping`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      AUTHORIZE_RATE_LIMIT: '1000',
      SIGNUP_RATE_LIMIT: '1000',
      RECOVERY_RATE_LIMIT: '1000',
      // Links in mail start where the browser is (the job's mail has no request to take its address from).
      PUBLIC_ORIGIN: baseURL,
      E2E_TEST_SUPPORT: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
