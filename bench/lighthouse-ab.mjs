#!/usr/bin/env node
// Two builds of the web app side by side: Lighthouse (mobile, as bench/lighthouse.mjs) alternating A and B runs on one
// Chromium, so both meet the same machine load (a shared machine moves one run by ±4 points; sequential comparisons
// mislead). Prints each run and the medians.
//   node bench/lighthouse-ab.mjs <distA> <distB> [path=/customer/dashboard] [runs=4]
// Build a dist with `cd apps/web && npx vite build --outDir /tmp/dist-X --emptyOutDir`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { audit, pageUrl, startServer, tenantToken } from './lighthouse.mjs';

const [distA, distB, path = '/customer/dashboard', runsArg = '4'] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node bench/lighthouse-ab.mjs <distA> <distB> [path] [runs]');
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'portal-lighthouse-ab-'));
const sides = [];
let chrome = null;
try {
  for (const [name, dist, port] of [
    ['A', distA, 8195],
    ['B', distB, 8196],
  ]) {
    const { server, base } = await startServer({ dist, port, dataDir: join(work, name) });
    sides.push({ name, server, base, token: await tenantToken(base), results: [] });
  }
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (let i = 0; i < Number(runsArg); i++) {
    for (const side of sides) {
      const url = pageUrl(side.base, path, side.token);
      let result = await audit(url, chrome.port);
      if (result.runtimeError) result = await audit(url, chrome.port);
      side.results.push(result);
      const { performance, fcp, lcp, tbt, cls } = result;
      console.log(
        `${side.name} run ${i + 1}: performance ${Math.round(performance * 100)}  FCP ${Math.round(fcp)}  LCP ${Math.round(lcp)}  TBT ${Math.round(tbt)}  CLS ${cls.toFixed(3)}`,
      );
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const side of sides) {
    const ok = side.results.filter((r) => !r.runtimeError);
    console.log(
      `${side.name} median: performance ${Math.round(median(ok.map((r) => r.performance)) * 100)}  FCP ${Math.round(median(ok.map((r) => r.fcp)))}  LCP ${Math.round(median(ok.map((r) => r.lcp)))}  TBT ${Math.round(median(ok.map((r) => r.tbt)))}`,
    );
  }
} finally {
  await chrome?.kill();
  await Promise.all(
    sides.map((side) => {
      const exited = new Promise((resolve) => side.server.once('exit', resolve));
      side.server.kill('SIGTERM');
      return exited;
    }),
  );
  rmSync(work, { recursive: true, force: true });
}
