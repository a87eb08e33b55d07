#!/usr/bin/env node
// npm test: lint, typecheck, unit + API + component tests (with domain coverage), build, browser journeys.
// Ends with one summary line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'portal-test-'));
let passed = 0;
let failed = 0;
const steps = [];

function run(name, cmd, args, opts = {}) {
  const t = Date.now();
  console.log(`\n== ${name} ==`);
  const r = spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  const ok = r.status === 0;
  steps.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - t) / 1000).toFixed(0)} s)`);
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passed += j.numPassedTests ?? 0;
  failed += (j.numFailedTests ?? 0) + (j.numFailedTests ? 0 : (j.numFailedTestSuites ?? 0));
  return true;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const s = j.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  return true;
}

let allOk = true;
const step = (ok) => {
  allOk &&= ok;
  return ok;
};

step(run('lint (biome)', 'npx', ['biome', 'check', '.']));
step(run('typecheck', 'npm', ['run', 'typecheck', '--silent']));

const vitestJson = join(out, 'vitest.json');
step(
  run('unit, API and component tests (vitest, domain coverage)', 'npx', [
    'vitest',
    'run',
    '--coverage',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]),
);
countVitest(vitestJson);

const buildOk = step(run('build (vite)', 'npm', ['run', 'build', '--silent']));
if (buildOk && process.env.SKIP_E2E !== '1') {
  const pwJson = join(out, 'playwright.json');
  step(
    run('browser journeys (playwright, system chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      cwd: join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    }),
  );
  countPlaywright(pwJson);
}
// A failed step with no failed test (lint, types, coverage threshold, build) still counts as a failure.
if (!allOk && failed === 0) failed = 1;

console.log('\n== summary ==');
for (const s of steps) console.log(s);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
