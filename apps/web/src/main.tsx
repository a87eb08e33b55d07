// Mantine's sheets in @layer mantine (the portal's CSS modules win over them); a build ships only the parts the
// components in use need, with their chunks (vite.config.ts, mantineStylesPerComponent).
import './lib/zod-jitless';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadData } from './app/preload-data';
import { AppProviders } from './app/providers';
import { preloadScreens } from './app/router';
import { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { captureTokenFromUrl } from './lib/session';

captureTokenFromUrl();

// A French browser waits for the French texts (loaded on demand) before the first render, and the first render waits
// for the current address's screen chunks and the data its first view shows (app/preload-data.ts), which load meanwhile.
// Not a top-level await: the build puts this module in the chunk those screens import (vite.config.ts), which must
// have finished evaluating for them to load.
async function start() {
  await Promise.all([i18nReady, preloadScreens(window.location.pathname), preloadData(window.location.pathname, queryClient)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  // A transition: React renders the first screen in slices of a few milliseconds instead of one task of hundreds on a
  // slow phone, so the page answers taps and scrolls meanwhile (issue 9: total blocking time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders />
      </StrictMode>,
    );
  });
}

void start();
