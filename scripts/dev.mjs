#!/usr/bin/env node
// npm run dev: Vite with a proxy to the API on :8080 (start it with npm start in another terminal).
import { spawn } from 'node:child_process';

const child = spawn('npx', ['vite'], { cwd: new URL('../apps/web', import.meta.url).pathname, stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
