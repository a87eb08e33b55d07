import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * `…/locales/en.json?lazy`: a second module made from the same file, one named export per top-level section, so the
 * section a lazily loaded screen imports lands in that screen's chunk instead of the English every route carries
 * (src/lib/i18n.ts, addEnglish; issue 2 bundle budget).
 */
export function lazyLocaleSections(): Plugin {
  return {
    name: 'lazy-locale-sections',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.json?lazy')) return null;
      const file = id.slice(0, -'?lazy'.length);
      this.addWatchFile(file);
      const sections = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const names = Object.keys(sections).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
      return `${names.map((name) => `export const ${name} = ${JSON.stringify(sections[name])};`).join('\n')}\n`;
    },
  };
}

export default defineConfig({
  plugins: [react(), lazyLocaleSections()],
  resolve: {
    alias: [
      {
        // React 19 has useSyncExternalStore: skip the pre-18 shim react-i18next imports (src/lib/use-sync-external-store-shim.ts).
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
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
  },
});
