// Component tests' router: routes as a list of { path, element } (wouter patterns, first match wins) over a history in
// memory, with the location to assert (`router.state.location`) and a way to navigate from outside (`router.navigate`).
import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { createMemoryHistory, type NavigateOptions, NavigationRouter } from '../lib/navigation';

export interface RouteObject {
  path?: string;
  element: ReactNode;
}

export function createMemoryRouter(routes: RouteObject[], { initialEntries }: { initialEntries?: string[] } = {}) {
  const history = createMemoryHistory(initialEntries);
  return {
    routes,
    history,
    get state() {
      return { location: history.location };
    },
    navigate(to: string, { replace, state }: NavigateOptions = {}): Promise<void> {
      const path = new URL(to, `http://portal${history.location.pathname}`);
      const target = `${path.pathname}${path.search}${path.hash}`;
      if (replace) history.replace(target, state);
      else history.push(target, state);
      return Promise.resolve();
    },
  };
}

export function RouterProvider({ router }: { router: ReturnType<typeof createMemoryRouter> }) {
  return (
    <NavigationRouter history={router.history}>
      <Switch>
        {router.routes.map((route) => (
          <Route key={route.path ?? '*'} path={route.path}>
            {route.element}
          </Route>
        ))}
      </Switch>
    </NavigationRouter>
  );
}
