#!/usr/bin/env node
// npm test: lint, typecheck, domain rules (with coverage), API and component tests, build, browser journeys.
// Ends with one summary line "N passed, N failed".
//
// After lint, three lines of work run side by side: the type check; the vitest projects (they need no build); the build,
// then the browser journeys on it (one Chromium and one server, mostly waiting). The suite takes about the longest line
// instead of the sum. The type check's, build's and journeys' output is kept in files and printed when each ends, so the
// logs do not interleave. SERIAL_TESTS=1 runs every step one after the other.
//
// When a PostgreSQL is reachable (TEST_DATABASE_URL, else the local CI role portal_ci@127.0.0.1:5432/portal_ci), the
// API suite runs a second time on it after the first vitest run, with the PostgreSQL-only tests (two autopay runners,
// two servers with one killed, dropped connections, cancelled statements) that PGlite skips (issue 21). .ci/run makes
// one reachable. NO_POSTGRES=1 skips it.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'portal-test-'));
const serial = process.env.SERIAL_TESTS === '1';
let passed = 0;
let failed = 0;
const steps = [];

/** Runs a command; its output goes to the terminal, or to `logFile` (printed when it ends). Resolves to success. */
function run(name, cmd, args, opts = {}) {
  const t = Date.now();
  console.log(`\n== ${name} ==${opts.logFile ? ' (started; output follows when it ends)' : ''}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? root,
      stdio: opts.logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: opts.replaceEnv ? (opts.env ?? pgliteEnv) : { ...pgliteEnv, ...opts.env },
    });
    let log = null;
    if (opts.logFile) {
      log = createWriteStream(opts.logFile);
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    child.on('close', (code) => {
      const ok = code === 0;
      const seconds = ((Date.now() - t) / 1000).toFixed(0);
      steps.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
      const done = () => {
        if (opts.logFile) {
          console.log(`\n== ${name} (output, ${seconds} s) ==`);
          process.stdout.write(readFileSync(opts.logFile, 'utf8'));
        }
        resolve(ok);
      };
      if (log) log.end(done);
      else done();
    });
  });
}

/** Runs the given steps at once (one after the other with SERIAL_TESTS=1); resolves to each one's success. */
async function together(...starts) {
  if (!serial) return Promise.all(starts.map((start) => start()));
  const results = [];
  for (const start of starts) results.push(await start());
  return results;
}

function countVitest(file) {
  if (!existsSync(file)) return false;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passed += j.numPassedTests ?? 0;
  failed += (j.numFailedTests ?? 0) + (j.numFailedTests ? 0 : (j.numFailedTestSuites ?? 0));
  for (const file of j.testResults ?? []) {
    const name = relative(root, file.name ?? '');
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failures.push({ name, message: file.message ?? '' });
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failures.push({ name: `${name}: ${t.fullName}`, message: (t.failureMessages ?? []).join('\n') });
  }
  return true;
}

/** Failed tests with the start of their message: printed last, so that the tail of a CI log names what failed and why. */
const failures = [];
const digest = (message) =>
  stripVTControlCharacters(message)
    .split('\n')
    .filter((l) => l.trim() && !/^\s+at /.test(l))
    .slice(0, 12)
    .map((l) => `    ${l.slice(0, 300)}`)
    .join('\n');

/** Journeys that passed only on a retry (CI allows one): reported as flaky, never counted as passed (issue 21). */
const flaky = [];
function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const s = j.stats ?? {};
  passed += s.expected ?? 0;
  failed += s.unexpected ?? 0;
  const visit = (suite, parents) => {
    // A file's suite is named after the file; describe blocks add their titles.
    const path = suite.title && suite.title !== suite.file ? [...parents, suite.title] : parents;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'flaky') flaky.push(`${spec.file}: ${[...path, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? []) visit(child, path);
  };
  for (const suite of j.suites ?? []) visit(suite, []);
  const failedIn = (suite, parents) => {
    const path = suite.title && suite.title !== suite.file ? [...parents, suite.title] : parents;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected')
          failures.push({
            name: `${spec.file}: ${[...path, spec.title].join(' › ')}`,
            message: (t.results ?? []).map((r) => r.error?.message ?? '').join('\n'),
          });
    for (const child of suite.suites ?? []) failedIn(child, path);
  };
  for (const suite of j.suites ?? []) failedIn(suite, []);
  return true;
}

let allOk = true;
const step = (ok) => {
  allOk &&= ok;
  return ok;
};

/** The PostgreSQL to run the API suite on a second time, or null when none answers within 2 s. */
async function reachablePostgres() {
  if (process.env.NO_POSTGRES === '1') return null;
  const url = process.env.TEST_DATABASE_URL || 'postgres://portal_ci:portal_ci@127.0.0.1:5432/portal_ci';
  try {
    const { default: pg } = await import(join(root, 'node_modules/pg/lib/index.js'));
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    await client.connect();
    await client.end();
    return url;
  } catch {
    if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL does not answer: ${url}`);
    return null;
  }
}
const pgUrl = await reachablePostgres();
// The first API run is on PGlite whatever the caller's environment says; the second one is on PostgreSQL.
const { TEST_DATABASE_URL: _ignored, ...pgliteEnv } = process.env;

const started = Date.now();
step(await run('lint (biome)', 'npx', ['biome', 'check', '.']));

const domainJson = join(out, 'vitest-domain.json');
const vitestJson = join(out, 'vitest.json');
const pwJson = join(out, 'playwright.json');
const pgJson = join(out, 'vitest-postgres.json');
const vitest = (name, args, json, env) =>
  run(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], {
    env,
    replaceEnv: true,
  });
const [typesOk, vitestOk, buildAndJourneysOk] = await together(
  () => run('typecheck', 'npm', ['run', 'typecheck', '--silent'], { logFile: join(out, 'typecheck.log') }),
  // Coverage is measured where it is required (the domain rules, with their thresholds); collecting it in the API and
  // component tests too only slowed them.
  async () => {
    const domainOk = await vitest('domain rules (vitest, with coverage)', ['--project', 'domain', '--coverage'], domainJson);
    const restOk = await vitest(
      'texts, API and component tests (vitest)',
      ['--project', 'i18n', '--project', 'api', '--project', 'web'],
      vitestJson,
    );
    if (!pgUrl) {
      console.log('\n(no PostgreSQL reachable: the PostgreSQL-only API tests are skipped; .ci/run provides one)');
      return domainOk && restOk;
    }
    const pgOk = await vitest(`API tests on PostgreSQL (${new URL(pgUrl).host})`, ['--project', 'api'], pgJson, {
      ...pgliteEnv,
      TEST_DATABASE_URL: pgUrl,
    });
    return domainOk && restOk && pgOk;
  },
  async () => {
    const built = await run('build (vite)', 'npm', ['run', 'build', '--silent'], { logFile: join(out, 'build.log') });
    if (!built || process.env.SKIP_E2E === '1') return built;
    return run('browser journeys (playwright, system chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      cwd: join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
      logFile: join(out, 'playwright.log'),
    });
  },
);
step(typesOk);
step(vitestOk);
step(buildAndJourneysOk);
countVitest(domainJson);
countVitest(vitestJson);
countVitest(pgJson); // written only when a PostgreSQL was reachable
countPlaywright(pwJson); // written only when the journeys ran
// A failed step with no failed test (lint, types, coverage threshold, build) still counts as a failure.
if (!allOk && failed === 0) failed = 1;

console.log('\n== summary ==');
for (const s of steps) console.log(s);
console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const name of flaky) console.log(`flaky (passed only on a retry): ${name}`);
for (const f of failures.slice(0, 10)) console.log(`FAILED ${f.name}\n${digest(f.message)}`);
console.log(`${passed} passed, ${failed} failed${flaky.length ? `, ${flaky.length} flaky` : ''}`);
rmSync(out, { recursive: true, force: true }); // the logs were printed above
process.exit(failed > 0 ? 1 : 0);
