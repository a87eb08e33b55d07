import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastHost } from '../components/toast-host';
import { BrowserRouter } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { AppRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

// Toasts: components/notify.ts (the container loads with the first toast).
// No ModalsProvider: it pulled Modal, ScrollArea and floating-ui into every route; use components/confirm-dialog.tsx.

export function AppProviders() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
