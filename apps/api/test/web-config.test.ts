// Issue 21 §1: the help link of a deployment. GET /api/web-config tells the web app, before sign-in, whether the
// deployment has its own help centre (HELP_CENTRE_URL) or uses the portal's help page; a malformed address is ignored.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp } from './helpers.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('GET /api/web-config', () => {
  it('answers null without sign-in when the deployment sets no help centre: the portal page is the help', async () => {
    const app = await buildTestApp({ seed: false });
    close = () => app.close();
    const res = await app.inject({ method: 'GET', url: '/api/web-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ helpCentreUrl: null });
  });

  it("answers the deployment's own help centre", async () => {
    const app = await buildTestApp({ seed: false, config: { helpCentreUrl: 'https://help.example.com/tenants' } });
    close = () => app.close();
    const res = await app.inject({ method: 'GET', url: '/api/web-config' });
    expect(res.json()).toEqual({ helpCentreUrl: 'https://help.example.com/tenants' });
  });
});

describe('HELP_CENTRE_URL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  it.each([
    ['https://help.example.com/', 'https://help.example.com/'],
    ['http://intranet.local/help', 'http://intranet.local/help'],
    ['help.example.com', undefined],
    ['javascript:alert(1)', undefined],
    ['', undefined],
  ])('%s → %s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, HELP_CENTRE_URL: value }).helpCentreUrl).toBe(expected);
  });
});
