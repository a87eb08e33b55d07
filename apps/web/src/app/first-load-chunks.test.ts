// The build's first-load chunks (first-load-chunks.ts): what a screen uses is followed through a package
// index that only re-exports, to the modules of the names it imports, not to every module of the package.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_PAGES, FIRST_LOAD_SCREENS, firstLoadHtml, routerScreens, staticClosure } from '../../first-load-chunks';
import routerSource from './router.tsx?raw';

const dir = mkdtempSync(join(tmpdir(), 'first-load-'));
const lib = join(dir, 'node_modules/@ui/kit/esm');
mkdirSync(lib, { recursive: true });
const file = (path: string, code: string) => {
  writeFileSync(path, code);
  return path;
};
const card = file(join(lib, 'Card.mjs'), 'import { paper } from "./Paper.mjs";\nexport const Card = paper;\n');
const paper = file(join(lib, 'Paper.mjs'), 'export const paper = 1;\n');
const modal = file(join(lib, 'Modal.mjs'), 'export const Modal = 2;\n');
const index = file(
  join(lib, 'index.mjs'),
  '"use client";\nimport { Card } from "./Card.mjs";\nimport { paper } from "./Paper.mjs";\nimport { Modal } from "./Modal.mjs";\n\nexport { Card, Modal, paper as Paper };\n',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A chunking context over modules given as id → [code, static imports]. */
function context(modules: Record<string, [string, string[]]>): Rolldown.ChunkingContext {
  return {
    getModuleInfo: (id: string) =>
      modules[id] ? ({ id, code: modules[id][0], importedIds: modules[id][1] } as unknown as Rolldown.ModuleInfo) : null,
  };
}

const library = {
  [index]: ['', [card, paper, modal]] as [string, string[]],
  [card]: ['', [paper]] as [string, string[]],
  [paper]: ['', []] as [string, string[]],
  [modal]: ['', []] as [string, string[]],
};

describe('staticClosure', () => {
  it('follows a re-exporting index only to the modules of the names imported', () => {
    const screen = '/app/screen.tsx';
    const ctx = context({ ...library, [screen]: ['import { Card, type CardProps } from "@ui/kit";\n', [index]] });
    const used = staticClosure(screen, ctx);
    expect([...used].sort()).toEqual([screen, card, paper].sort());
    expect(used.has(modal)).toBe(false);
  });

  it('follows an exported alias to the module it names', () => {
    const screen = '/app/screen.tsx';
    const ctx = context({ ...library, [screen]: ['import { Paper as P } from "@ui/kit";\n', [index]] });
    expect([...staticClosure(screen, ctx)].sort()).toEqual([screen, paper].sort());
  });

  it('follows the English sections module (`en.json?lazy`) only to the sections imported', () => {
    const en = file(join(dir, 'en.json'), JSON.stringify({ account: { title: 'Account' }, payments: { pay: 'Pay' } }));
    const lazy = `${en}?lazy`;
    const screen = '/app/account-page.tsx';
    const ctx = context({
      [lazy]: ['', [`${en}?lazy-section=account`, `${en}?lazy-section=payments`]],
      [`${en}?lazy-section=account`]: ['', []],
      [`${en}?lazy-section=payments`]: ['', []],
      [screen]: ['import { account } from "@portal/i18n/locales/en.json?lazy";\n', [lazy]],
    });
    expect([...staticClosure(screen, ctx)].sort()).toEqual([screen, `${en}?lazy-section=account`].sort());
  });

  it('takes every module of the index when the names cannot be read', () => {
    const screen = '/app/screen.tsx';
    const ctx = context({ ...library, [screen]: ['import * as kit from "@ui/kit";\n', [index]] });
    expect(staticClosure(screen, ctx).has(modal)).toBe(true);
  });
});

describe('routerScreens', () => {
  it("reads every lazy screen of the route table, so a first-load screen's chunk keeps out what another route shares", () => {
    const screens = routerScreens(routerSource);
    // issue 21 §4: the applications, application-form and sign-up screens were missing from a hand-kept list
    for (const file of Object.values(FIRST_LOAD_SCREENS)) expect(screens).toContain(file);
    expect(screens).toContain('src/features/admin/admin-applications-page.tsx');
    expect(routerScreens("const A = lazyRoute(() => import('./x/a-page'), 'A');\nimport('../features/b/b-page')")).toEqual([
      'src/app/x/a-page.tsx',
      'src/features/b/b-page.tsx',
    ]);
  });
});

describe('firstLoadHtml', () => {
  const INDEX =
    '<html><head><script type="module" src="/assets/index-A.js"></script>\n  </head><body><div id="root"></div></body></html>';
  const chunk = (fileName: string, name: string, imports: string[], css: string[] = [], isEntry = false) =>
    ({
      type: 'chunk',
      fileName,
      name,
      isEntry,
      imports,
      viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
    }) as unknown as Rolldown.OutputChunk;
  const bundle = Object.fromEntries(
    [
      chunk('assets/index-A.js', 'index', ['assets/runtime-R.js'], ['assets/index-A.css'], true),
      chunk('assets/runtime-R.js', 'rolldown-runtime', []),
      chunk('assets/shell-S.js', 'shell', ['assets/runtime-R.js', 'assets/index-A.js'], ['assets/shell-S.css']),
      chunk('assets/customer-C.js', 'customer', ['assets/shell-S.js'], ['assets/customer-C.css']),
      chunk('assets/dashboard-D.js', 'dashboard', ['assets/shell-S.js', 'assets/customer-C.js'], ['assets/dashboard-D.css']),
      chunk('assets/account-E.js', 'account', ['assets/shell-S.js', 'assets/customer-C.js']),
      chunk('assets/signin-F.js', 'signin', ['assets/shell-S.js', 'assets/auth-card-G.js']),
      chunk('assets/auth-card-G.js', 'auth-card', ['assets/shell-S.js']),
    ].map((c) => [c.fileName, c]),
  ) as Rolldown.OutputBundle;
  const pages = firstLoadHtml(INDEX, bundle);
  const links = (html: string) =>
    [...html.matchAll(/<link rel="(\w+)" crossorigin href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

  it("names a screen's chunks and sheets, dependencies first, none the entry already loads", () => {
    expect([...pages.keys()]).toEqual(Object.keys(FIRST_LOAD_PAGES));
    const dashboard = pages.get('/customer/dashboard') ?? '';
    expect(links(dashboard)).toEqual([
      'modulepreload /assets/shell-S.js',
      'stylesheet /assets/shell-S.css',
      'modulepreload /assets/customer-C.js',
      'stylesheet /assets/customer-C.css',
      'modulepreload /assets/dashboard-D.js',
      'stylesheet /assets/dashboard-D.css',
    ]);
    expect(links(pages.get('/signin') ?? '')).toEqual([
      'modulepreload /assets/shell-S.js',
      'stylesheet /assets/shell-S.css',
      'modulepreload /assets/auth-card-G.js',
      'modulepreload /assets/signin-F.js',
    ]);
    expect(pages.get('/customer')).toBe(dashboard);
  });

  it('refuses a build where the dashboard would load the sign-in and account forms chunk', () => {
    const withForms = {
      ...bundle,
      'assets/forms-H.js': chunk('assets/forms-H.js', 'forms', ['assets/index-A.js']),
      'assets/signin-F.js': chunk('assets/signin-F.js', 'signin', ['assets/shell-S.js', 'assets/forms-H.js']),
    } as Rolldown.OutputBundle;
    expect(links(firstLoadHtml(INDEX, withForms).get('/signin') ?? '')).toContain('modulepreload /assets/forms-H.js');
    const leaking = {
      ...withForms,
      'assets/customer-C.js': chunk('assets/customer-C.js', 'customer', ['assets/shell-S.js', 'assets/forms-H.js']),
    } as Rolldown.OutputBundle;
    expect(() => firstLoadHtml(INDEX, leaking)).toThrow(/\/customer.* loads the forms chunk/);
  });

  it("finds a screen's chunk by the module it holds when an automatic chunk takes the same name (issue 21 §4)", () => {
    const withSignup = {
      ...bundle,
      // features/signup/load-origin-popups.ts, loaded by the dashboard on demand, was named `signup` too
      'assets/signup-P.js': {
        ...chunk('assets/signup-P.js', 'signup', ['assets/index-A.js']),
        modules: { '/w/src/features/signup/load-origin-popups.ts': {} },
      },
      'assets/signup-Q.js': {
        ...chunk('assets/signup-Q.js', 'signup', ['assets/shell-S.js']),
        modules: { '/w/apps/web/src/features/signup/signup-page.tsx': {} },
      },
    } as unknown as Rolldown.OutputBundle;
    expect(links(firstLoadHtml(INDEX, withSignup).get('/signup/*') ?? '')).toEqual([
      'modulepreload /assets/shell-S.js',
      'stylesheet /assets/shell-S.css',
      'modulepreload /assets/signup-Q.js',
    ]);
  });

  it('writes nothing without an entry chunk', () => {
    expect(firstLoadHtml(INDEX, {} as Rolldown.OutputBundle).size).toBe(0);
  });
});
