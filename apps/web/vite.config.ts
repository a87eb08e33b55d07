import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Selector, transform as transformCss } from 'lightningcss';
import { defineConfig, type Plugin } from 'vite';
import { FIRST_LOAD_DIR, firstLoadChunks, firstLoadHtml } from './first-load-chunks';

/**
 * `…/locales/en.json?lazy`: a second module made from the same file, one named export per top-level section, so the
 * section a lazily loaded screen imports lands in that screen's chunk instead of the English every route carries
 * (src/lib/i18n.ts, addEnglish; issue 2 bundle budget). Each section is a module of its own (`en.json?lazy-section=x`)
 * that `?lazy` only re-exports: a screen's chunk holds the sections it imports, not every section some modal uses (the
 * account page loaded 20 KB of them, the payments' 12 KB included, for its own 3 KB: issue 9).
 */
export function lazyLocaleSections(): Plugin {
  return {
    name: 'lazy-locale-sections',
    enforce: 'pre',
    resolveId(id) {
      // The re-exports' absolute ids, as they are.
      return /\.json\?lazy-section=[\w$]+$/.test(id) ? id : null;
    },
    load(id) {
      const section = /^(.*\.json)\?lazy-section=([\w$]+)$/.exec(id);
      if (section) {
        this.addWatchFile(section[1]);
        const sections = JSON.parse(readFileSync(section[1], 'utf8')) as Record<string, unknown>;
        return `export default ${JSON.stringify(sections[section[2]])};\n`;
      }
      if (!id.endsWith('.json?lazy')) return null;
      const file = id.slice(0, -'?lazy'.length);
      this.addWatchFile(file);
      const sections = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const names = Object.keys(sections).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
      return `${names.map((name) => `export { default as ${name} } from ${JSON.stringify(`${file}?lazy-section=${name}`)};`).join('\n')}\n`;
    },
  };
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` next to every text file of the build (index.html included), at the highest levels, so
 * the server sends them as they are (apps/api/src/plugins/web-app.ts, @fastify/static preCompressed) instead of
 * compressing each answer or sending them raw (issue 9: a fast first load on a phone). A copy that would not be
 * smaller is not written; the server then sends the file itself.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      const dir = output.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => /\.(js|mjs|css|html|svg|json|txt)$/.test(name) && !name.startsWith('.'));
      await Promise.all(files.map((name) => writeCompressed(join(dir, name))));
    },
  };
}

/** Writes `path.br` and `path.gz` at the highest levels, each only if smaller than the file. */
async function writeCompressed(path: string): Promise<void> {
  const raw = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      },
    }),
    gz(raw, { level: 9 }),
  ]);
  if (br.length < raw.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < raw.length) await writeFile(`${path}.gz`, gzipped);
}

/**
 * `first-load/*.html`: index.html for each address a first load lands on most, naming its screens' chunks and sheets
 * (first-load-chunks.ts, firstLoadHtml), with `first-load/pages.json` (address → page), which the server reads
 * (apps/api/src/plugins/web-app.ts). Precompressed like the rest.
 */
export function firstLoadPages(): Plugin {
  return {
    name: 'first-load-pages',
    apply: 'build',
    async writeBundle(output, bundle) {
      const dir = output.dir;
      if (!dir) return;
      const pages = firstLoadHtml(await readFile(join(dir, 'index.html'), 'utf8'), bundle);
      await mkdir(join(dir, FIRST_LOAD_DIR), { recursive: true });
      const index: Record<string, string> = {};
      for (const [address, html] of pages) {
        const name = `${address.replace(/^\//, '').replace(/\*/g, 'any').replace(/\W+/g, '-')}.html`;
        index[address] = name;
        await writeFile(join(dir, FIRST_LOAD_DIR, name), html);
        await writeCompressed(join(dir, FIRST_LOAD_DIR, name));
      }
      await writeFile(join(dir, FIRST_LOAD_DIR, 'pages.json'), `${JSON.stringify(index, null, 2)}\n`);
    },
  };
}

/**
 * Whether a rule of Mantine's global sheets can match in the portal: not the dark colour scheme (the portal is light
 * only, app/providers.tsx) nor :host (there is no shadow tree).
 */
function canMatch(selector: Selector): boolean {
  return selector.every((part) => {
    if (part.type === 'attribute') return !(part.name === 'data-mantine-color-scheme' && part.operation?.value === 'dark');
    if (part.type === 'pseudo-class' && part.kind === 'host') return false;
    if (part.type === 'pseudo-class' && (part.kind === 'is' || part.kind === 'where'))
      return part.selectors.some((inner) => canMatch(inner));
    return true;
  });
}

/** CSS without the rules none of whose selectors can match (canMatch), minified. */
export function withoutDeadRules(css: string, filename: string): string {
  const result = transformCss({
    filename,
    code: Buffer.from(css),
    minify: true,
    visitor: { Rule: { style: (rule) => (rule.value.selectors.some(canMatch) ? undefined : []) } },
  });
  return Buffer.from(result.code).toString();
}

const NO_SHEET = '\0mantine-notifications-sheet-in-its-chunk';
const mantineFile = (path: string) => fileURLToPath(import.meta.resolve(`@mantine/${path}`));

/**
 * Ships only the Mantine CSS the portal uses, each piece with the JavaScript that needs it (issue 9: the whole
 * stylesheet is 250 KB and blocked the first paint). main.tsx imports the whole layered sheets, which the dev server
 * serves as they are; in a build, `@mantine/core/styles.layer.css` is cut to the global rules (reset, CSS variables
 * of the light scheme) and every component's class-name module (`Button.module.mjs`) imports that component's own
 * sheet (`styles/Button.layer.css`), so Vite puts it in the chunk of whatever screen uses the component. The sheets
 * are the @layer mantine builds: the portal's own CSS modules always win over them, whichever chunk loads first.
 */
export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'mantine-styles-per-component',
    apply: 'build',
    enforce: 'pre',
    // The notifications' sheet, imported by main.tsx for the dev server, is nothing in a build: it comes with the
    // notifications' own module (below), loaded with the first toast.
    resolveId(id) {
      return id === '@mantine/notifications/styles.layer.css' ? NO_SHEET : null;
    },
    load(id) {
      if (id === NO_SHEET) return 'export {};';
      if (/@mantine[\\/]core[\\/]styles\.layer\.css$/.test(id)) {
        const global = ['baseline', 'default-css-variables', 'global']
          .map((name) => readFileSync(mantineFile(`core/styles/${name}.layer.css`), 'utf8'))
          .join('\n');
        return withoutDeadRules(global, 'mantine-global.css');
      }
      return null;
    },
    transform(code, id) {
      const core = /@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/.exec(id);
      const sheet = core
        ? `@mantine/core/styles/${core[1]}.layer.css`
        : /@mantine[\\/]notifications[\\/]esm[\\/]Notifications\.module\.mjs$/.test(id)
          ? mantineFile('notifications/styles.layer.css')
          : null;
      if (!sheet) return null;
      return { code: `import ${JSON.stringify(sheet)};\n${code}`, map: null };
    },
  };
}

/**
 * Mantine's `useId` (every input, checkbox and select calls it) starts from React's id, then swaps in a random one
 * from a layout effect: every such component renders twice, the second time synchronously inside the first commit
 * (issue 9: the account page's longest task after its first paint, 30 to 50 ms on a phone). The portal has one React
 * root, so React's own id is unique already: a build keeps it (made of letters, digits, `_` and `-` only).
 */
export function stableMantineIds(): Plugin {
  return {
    name: 'stable-mantine-ids',
    apply: 'build',
    load(id) {
      if (!/@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/.test(id)) return null;
      return `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/[^A-Za-z0-9_-]/g, '')}\`;
}
`;
    },
  };
}

export default defineConfig({
  plugins: [react(), lazyLocaleSections(), mantineStylesPerComponent(), stableMantineIds(), precompress(), firstLoadPages()],
  server: {
    port: 5173,
    // The API and the sandbox providers' pages (bank-linking widget, PayPal approval, cash barcode) are the server's.
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 8080}`,
      '/sandbox': `http://localhost:${process.env.API_PORT ?? 8080}`,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the first load needs (what index.html's entry imports, statically) in one chunk, not the ~25 tiny
        // ones automatic splitting made of it: each request costs a round trip on a phone (issue 9). The entry lands in
        // it too, so main.tsx must not await at its top level: the lazy screens it waits for import this chunk.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }, firstLoadChunks()] },
      },
    },
  },
});
