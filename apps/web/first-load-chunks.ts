// The build's first-load chunks (vite.config.ts, codeSplitting): one chunk per screen a first load lands on instead
// of the many small ones automatic splitting makes (issue 9: a fast first load on a phone).
import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

/**
 * The screens a first load can land on (issue 9; issue 21 §4: every screen a tenant opens first), each the module a
 * route imports lazily (app/router.tsx); `shell` is the customer area's frame, loaded with every customer screen.
 */
export const FIRST_LOAD_SCREENS = {
  shell: 'src/app/shell/app-shell.tsx',
  signin: 'src/features/auth/sign-in-page.tsx',
  dashboard: 'src/features/dashboard/dashboard-page.tsx',
  account: 'src/features/account/account-page.tsx',
  payment: 'src/features/payments/payment-page.tsx',
  applications: 'src/features/applications/application-page.tsx',
  applicationForm: 'src/features/application-form/application-form-page.tsx',
  signup: 'src/features/signup/signup-page.tsx',
} as const;
/**
 * `customer`: what the customer screens a first load lands on (dashboard, account) share with the other screens or the
 * modals they open (a page container, SimpleGrid, Badge, a domain helper): one chunk, not one tiny chunk each.
 * `forms`: what only the sign-in and account pages share (text and password inputs).
 */
export type FirstLoadChunk = keyof typeof FIRST_LOAD_SCREENS | 'customer' | 'forms';
/**
 * The screens whose chunks stay lean (the shell and the three screens measured since issue 9): what one of them shares
 * with the later first screens (payment, applications, the application form, sign-up) stays in its own chunk's rules
 * and never moves into the shell that every customer screen loads.
 */
const LEAN_SCREENS: FirstLoadChunk[] = ['shell', 'signin', 'dashboard', 'account'];
const CUSTOMER_SCREENS: FirstLoadChunk[] = ['dashboard', 'account'];
/** The first-load screens with inputs: what only they share goes in `forms`. */
const FORMS_SCREENS: FirstLoadChunk[] = ['signin', 'account'];

/**
 * Every screen of app/router.tsx (its `import('…')` of each lazy route), as paths relative to the web app: what a
 * first-load screen shares with one of them stays out of that screen's own chunk. Read from the route table, so a new
 * route counts without being listed here (issue 21 §4: the applications page loaded the dashboard's and the account's
 * chunks, the sign-up page the account's and the sign-in's, for a few modules each, because the list missed them).
 */
export function routerScreens(routerSource: string): string[] {
  const files = new Set<string>();
  for (const match of routerSource.matchAll(/import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
    files.add(join('src/app', `${match[1]}.tsx`).split(sep).join('/'));
  }
  return [...files];
}

/** `import {…}` / `export {…} from` names a module takes from `spec` ('*': all of them, or none could be read). */
function namesImported(code: string, spec: string, quoted = spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')): Set<string> {
  const names = new Set<string>();
  const re = new RegExp(
    `(?:import|export)\\s*(\\*|\\{[^}]*\\}|[\\w$]+(?:\\s*,\\s*\\{[^}]*\\})?)\\s*from\\s*["']${quoted}["']`,
    'g',
  );
  for (const match of code.matchAll(re)) {
    const braces = /\{([^}]*)\}/.exec(match[1]);
    if (!braces) {
      names.add('*');
      continue;
    }
    for (const part of braces[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  if (names.size === 0) names.add('*');
  return names;
}

/** A package's index that only re-exports its modules (Mantine's): exported name → the module it comes from. */
function barrelExports(id: string): Map<string, string> | null {
  if (!/[\\/]node_modules[\\/]/.test(id) || !/\.m?js$/.test(id)) return null;
  const code = readFileSync(id, 'utf8');
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/["']use client["'];?/g, '')
    .replace(/(?:import|export)\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})(?:\s*from\s*["'][^"']+["'])?\s*;?/g, '');
  if (rest.trim() !== '' || !/from\s*["']\./.test(code)) return null;
  const local = new Map<string, string>();
  for (const m of code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const file = resolve(dirname(id), m[2]);
    for (const part of m[1].split(',')) {
      const [name, as] = part.trim().split(/\s+as\s+/);
      if (name) local.set(as ?? name, file);
    }
  }
  const exported = new Map(local);
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const part of m[1].split(',')) {
      const [name, as] = part.trim().split(/\s+as\s+/);
      const file = name && local.get(name);
      if (file) exported.set(as ?? name, file);
    }
  }
  return exported;
}

/** `…/locales/en.json?lazy` (vite.config.ts, lazyLocaleSections): section name → the module of that section. */
function lazySectionExports(id: string): Map<string, string> | null {
  if (!id.endsWith('.json?lazy')) return null;
  const file = id.slice(0, -'?lazy'.length);
  const sections = Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object);
  return new Map(sections.map((name) => [name, `${file}?lazy-section=${name}`]));
}

/** `…/node_modules/@scope/name/…` → `@scope/name`. */
function packageName(id: string): string {
  const parts =
    id
      .split(/[\\/]node_modules[\\/]/)
      .pop()
      ?.split(/[\\/]/) ?? [];
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
}

/**
 * The modules `root` uses, following static imports; through a package index that only re-exports (`@mantine/core`),
 * only to the modules of the names actually imported, not to every component of the library.
 */
export function staticClosure(roots: string | string[], ctx: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const barrels = new Map<string, Map<string, string> | null>();
  const stack = typeof roots === 'string' ? [roots] : [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    for (const dep of info.importedIds) {
      const lazySections = dep.endsWith('.json?lazy');
      if (!barrels.has(dep)) barrels.set(dep, lazySections ? lazySectionExports(dep) : barrelExports(dep));
      const exported = barrels.get(dep);
      // The English sections: only those the module imports (`from '…/locales/en.json?lazy'`).
      const spec = lazySections ? `[^"']*/${basename(dep).replace(/[.?]/g, '\\$&')}` : undefined;
      const names = exported && info.code ? namesImported(info.code, packageName(dep), spec) : null;
      if (!exported || !names || names.has('*')) {
        stack.push(dep);
        continue;
      }
      const targets = new Set([...names].map((name) => exported.get(name)));
      for (const target of ctx.getModuleInfo(dep)?.importedIds ?? []) {
        if (targets.has(target) || targets.has(target.replace(/\?.*$/, ''))) stack.push(target);
      }
    }
  }
  return seen;
}

/**
 * One chunk per first-load screen instead of the 20 to 40 small ones automatic splitting made of what the shell and
 * each screen import (a Mantine component, a hook, a locale helper each alone): every request costs a round trip on a
 * phone, six at a time (issue 9; Lighthouse: FCP −0.3 s, LCP −0.5 s on the dashboard and account). What the shell
 * uses, or two of the lean screens (LEAN_SCREENS), goes in `shell` (the sign-in page loads it too), except what only
 * the sign-in and the account pages share among them (their text and password inputs: 6 KB brotli with their sheets),
 * which goes in `forms`, so the dashboard does not load it (Lighthouse A/B: FCP −90 ms, LCP −180 ms); what one screen
 * uses and no other screen of the router goes in that screen's chunk (the lazy modals it opens import it from there);
 * what the dashboard or the account page shares with another screen goes in `customer`, not in one ~1 KB chunk per
 * module (each cost the first load a request, six at a time: account 6 more, dashboard 3); the rest (what the later
 * first screens share among themselves or with an admin screen) is left to automatic splitting, so the admin pages
 * load no customer screen's chunk and the dashboard none of the later screens' code.
 */
export function firstLoadChunks(): Rolldown.CodeSplittingGroup {
  const root = fileURLToPath(new URL('.', import.meta.url));
  let chunkOf: Map<string, FirstLoadChunk> | null = null;
  return {
    // Only what the screens use: following every import would go through `@mantine/core`'s index to all of Mantine.
    includeDependenciesRecursively: false,
    name(id, ctx) {
      if (!chunkOf) {
        const users = new Map<string, FirstLoadChunk[]>();
        for (const [chunk, file] of Object.entries(FIRST_LOAD_SCREENS) as [FirstLoadChunk, string][]) {
          for (const used of staticClosure(join(root, file), ctx)) users.set(used, [...(users.get(used) ?? []), chunk]);
        }
        const firstLoadFiles = new Set<string>(Object.values(FIRST_LOAD_SCREENS));
        const others = routerScreens(readFileSync(join(root, 'src/app/router.tsx'), 'utf8')).filter(
          (file) => !firstLoadFiles.has(file),
        );
        const elsewhere = new Set(others.flatMap((file) => [...staticClosure(join(root, file), ctx)]));
        chunkOf = new Map();
        for (const [used, chunks] of users) {
          const lean = chunks.filter((chunk) => LEAN_SCREENS.includes(chunk));
          if (lean.length === FORMS_SCREENS.length && FORMS_SCREENS.every((screen) => lean.includes(screen)))
            chunkOf.set(used, 'forms');
          else if (lean.includes('shell') || lean.length > 1) chunkOf.set(used, 'shell');
          else if (chunks.length === 1 && !elsewhere.has(used)) chunkOf.set(used, chunks[0]);
          // Not an English section (vite.config.ts, lazyLocaleSections): it goes with the modals that use it.
          else if (lean.length === 1 && CUSTOMER_SCREENS.includes(lean[0]) && !used.includes('.json?lazy'))
            chunkOf.set(used, 'customer');
        }
        // The dashboard loads `shell` and `customer`: what they import cannot be in `forms`, which it does not load.
        const customerSide = [...chunkOf].filter(([, chunk]) => chunk === 'shell' || chunk === 'customer').map(([id]) => id);
        for (const dep of staticClosure(customerSide, ctx)) if (chunkOf.get(dep) === 'forms') chunkOf.set(dep, 'shell');
      }
      return chunkOf.get(id) ?? null;
    },
  };
}

/**
 * The addresses a first load lands on most (issue 9's Lighthouse pages), with the screens each shows (app/router.tsx,
 * screensFor). The server answers them with index.html naming those screens' chunks and sheets (firstLoadHtml).
 * (A static picture of the header drawn until React's first render was measured too: first paint 0.2 s sooner, but
 * the page's long tasks then fell after it and counted as blocking time: performance 94 → 91. Not kept.)
 */
export const FIRST_LOAD_PAGES: Record<string, FirstLoadChunk[]> = {
  '/signin': ['signin'],
  '/customer': ['shell', 'dashboard'],
  '/customer/dashboard': ['shell', 'dashboard'],
  '/customer/account': ['shell', 'account'],
  '/customer/payment': ['shell', 'payment'],
  '/customer/application': ['shell', 'applications'],
  // `/*`: any one segment after it (the server's web-app plugin matches it): /apply/{signupPage}, /signup/{pageName}
  '/apply/*': ['shell', 'applicationForm'],
  '/signup/*': ['signup'],
};
/** Where the build writes them: `first-load/pages.json` maps each address to its page in the same folder. */
export const FIRST_LOAD_DIR = 'first-load';

/** The files a chunk needs before it runs (itself, its static imports, their sheets), minus those in `known`. */
function chunkFiles(chunk: Rolldown.OutputChunk, bundle: Rolldown.OutputBundle, known: Set<string>, out: string[]) {
  if (known.has(chunk.fileName)) return;
  known.add(chunk.fileName);
  for (const name of chunk.imports) {
    const dep = bundle[name];
    if (dep?.type === 'chunk') chunkFiles(dep, bundle, known, out);
  }
  out.push(chunk.fileName);
  const css = (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? new Set<string>();
  for (const sheet of css) {
    if (!known.has(sheet)) {
      known.add(sheet);
      out.push(sheet);
    }
  }
}

/**
 * index.html with `<link rel="modulepreload">` and the sheets of the screens an address shows (FIRST_LOAD_PAGES), one
 * page per address: a phone fetches the screen's chunks with the entry, not one round trip after it has run (issue 9:
 * the first paint waited for HTML → entry → screen chunks → data). The sheets are ordinary stylesheets, so the lazy
 * import that later asks for them finds them in place. Returns each page's HTML by address.
 */
export function firstLoadHtml(indexHtml: string, bundle: Rolldown.OutputBundle): Map<string, string> {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const pages = new Map<string, string>();
  if (!entry) return pages;
  const inIndex = new Set<string>();
  chunkFiles(entry, bundle, inIndex, []);
  for (const [address, screens] of Object.entries(FIRST_LOAD_PAGES)) {
    const known = new Set(inIndex);
    const files: string[] = [];
    for (const screen of screens) {
      // By name, and holding the screen's module where the bundle says so: an automatic chunk can take the same name
      // (features/signup/load-origin-popups.ts became a second `signup`, and the sign-up page's links named it alone).
      const named = chunks.filter((c) => !c.isEntry && c.name === screen);
      const file = FIRST_LOAD_SCREENS[screen as keyof typeof FIRST_LOAD_SCREENS];
      const chunk = named.find((c) => file && Object.keys(c.modules ?? {}).some((id) => id.endsWith(file))) ?? named[0];
      if (chunk) chunkFiles(chunk, bundle, known, files);
    }
    // `forms` is for the pages with inputs (firstLoadChunks): a chunk the dashboard loads importing it is a build error.
    const forms = chunks.find((c) => !c.isEntry && c.name === 'forms');
    const withoutInputs = screens.every((screen) => LEAN_SCREENS.includes(screen) && !FORMS_SCREENS.includes(screen));
    if (forms && files.includes(forms.fileName) && withoutInputs) {
      throw new Error(`first-load page ${address} loads the forms chunk (${forms.fileName}): a chunk it loads imports from it`);
    }
    const links = files.map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    );
    pages.set(address, indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`));
  }
  return pages;
}
