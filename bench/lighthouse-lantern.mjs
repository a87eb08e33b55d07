#!/usr/bin/env node
// What Lighthouse's simulation ("lantern") put on a page's critical path: one mobile run as bench/lighthouse.mjs runs
// it, then the simulated requests and main-thread tasks of the graphs behind its metrics, in simulated milliseconds
// (issue 9: first paint ends with the last render-blocking download, largest paint adds the entry's evaluation and the
// first view's API calls, blocking time counts simulated tasks of 50 ms or more after first paint).
//   node bench/lighthouse-lantern.mjs <dist> [path=/customer/dashboard] [graph,…]
// Graphs: optimisticFirstContentfulPaint (default), pessimisticLargestContentfulPaint (default),
// optimisticTotalBlockingTime, … (every name is printed). MIN_TASK_MS=40 prints only tasks at least that long.
// Build a dist with `cd apps/web && npx vite build --outDir /tmp/dist-X --emptyOutDir`.
process.env.LANTERN_DEBUG = '1'; // lantern keeps each simulation's timings only then
const { mkdtempSync, rmSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');
const chromeLauncher = await import('chrome-launcher');
const { default: lighthouse } = await import('lighthouse');
const Lantern = await import('lighthouse/core/lib/lantern/lantern.js');
const { pageUrl, startServer, tenantToken } = await import('./lighthouse.mjs');

const [dist, path = '/customer/dashboard', graphsArg] = process.argv.slice(2);
if (!dist) {
  console.error('usage: node bench/lighthouse-lantern.mjs <dist> [path] [graph,…]');
  process.exit(2);
}
const graphs = (graphsArg ?? 'optimisticFirstContentfulPaint,pessimisticLargestContentfulPaint').split(',');
const minTask = Number(process.env.MIN_TASK_MS ?? 0);
const work = mkdtempSync(join(tmpdir(), 'portal-lantern-'));
const { server, base } = await startServer({ dist, port: 8197, dataDir: work });
let chrome = null;
try {
  const token = await tenantToken(base);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const url = pageUrl(base, path, token);
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const figure = (id) => Math.round(lhr.audits[id].numericValue);
  console.log(
    `performance ${Math.round(lhr.categories.performance.score * 100)}  FCP ${figure('first-contentful-paint')}  LCP ${figure('largest-contentful-paint')}  TBT ${figure('total-blocking-time')}`,
  );
  const lcpNode = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpNode) console.log(`largest paint: ${lcpNode.nodeLabel} (${lcpNode.selector})`);
  // The server's time per request as lantern estimated it from the run (the median is added to every simulated request)
  for (const item of lhr.audits['network-server-latency']?.details?.items ?? []) {
    console.log(`server response time (median estimate) ${item.origin}: ${Math.round(item.serverResponseTime)} ms`);
  }
  const all = Lantern.Simulation.Simulator.allNodeTimings;
  for (const [label, timings] of all) {
    if (!graphs.includes(label)) continue;
    console.log(`\n== ${label}`);
    const rows = [...timings].sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, { startTime, endTime }] of rows) {
      if (minTask && (node.type !== 'cpu' || endTime - startTime < minTask)) continue;
      const what =
        node.type === 'network'
          ? `request ${node.request.url.replace(base, '').replace(/\?token=.*/, '')} ${Math.round((node.request.transferSize ?? 0) / 1024)} KB`
          : `task (measured ${Math.round((node.event.dur ?? 0) / 1000)} ms) ${topEvents(node)}`;
      console.log(`${String(Math.round(startTime)).padStart(6)} ${String(Math.round(endTime)).padStart(6)}  ${what}`);
    }
  }
  console.log(`\ngraphs: ${[...all.keys()].filter((label) => !label.includes('-')).join(' ')}`);
} finally {
  await chrome?.kill();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(work, { recursive: true, force: true });
}

/** A task's heaviest trace events, with the script they ran where they name one. */
function topEvents(node) {
  const byName = new Map();
  for (const event of node.childEvents ?? []) {
    const name = `${event.name}${event.args?.data?.url ? `:${event.args.data.url.split('/').pop()}` : ''}`;
    byName.set(name, (byName.get(name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
}
