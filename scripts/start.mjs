#!/usr/bin/env node
// npm start: build the web app once if needed, then run the one server process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [join(root, 'apps/web/src'), join(root, 'packages/domain/src'), join(root, 'packages/i18n/src')];
const stale = !existsSync(dist) || sources.some((s) => newestMtime(s) > statSync(dist).mtimeMs);
if (stale && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app (first start or sources changed)…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// A stop asked of this process (Ctrl-C, a supervisor's SIGTERM) is passed on; the server then closes cleanly (exit 0).
let stopping = null;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping = sig;
    child.kill(sig);
  });
}
// Any other end is a failure, so a supervisor restarts the portal: the server's own exit code, or for a death by a
// signal (kill -9, out of memory) 128 + its number, as a shell reports it.
child.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  if (signal === stopping) process.exit(0);
  console.error(`The server was stopped by ${signal}.`);
  process.exit(128 + (osConstants.signals[signal] ?? 0));
});
