import { Outlet } from 'react-router';

// Placeholder: replaced by the real shell.
export function AppShellLayout() {
  return <Outlet />;
}
