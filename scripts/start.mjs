#!/usr/bin/env node
// npm start: build the web app once if needed, then run the one server process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

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
// The server runs in this very process (issue 21 §3, memory at idle: a second Node process cost ~46 MB). It handles
// Ctrl-C and a supervisor's SIGTERM itself (closes cleanly, exit 0); any death is this process's, so npm start ends
// non-zero with it and a supervisor restarts it.
register();
await import(join(root, 'apps/api/src/server.ts'));
