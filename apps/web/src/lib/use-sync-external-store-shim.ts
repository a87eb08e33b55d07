// Stands in for the `use-sync-external-store/shim` package (vite.config.ts alias): react-i18next imports it for
// React versions before 18, and on React 19 the shim only re-exports React's own hook after ~0.7 KB gzip of dead code.
export { useSyncExternalStore } from 'react';
