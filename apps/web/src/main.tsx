import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { preloadScreens } from './app/router';
import { i18nReady } from './lib/i18n';
import { captureTokenFromUrl } from './lib/session';

captureTokenFromUrl();

// A French browser waits for the French texts (loaded on demand) before the first render, and the first render waits
// for the current address's screen chunks, which load meanwhile.
await Promise.all([i18nReady, preloadScreens(window.location.pathname)]);

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);
