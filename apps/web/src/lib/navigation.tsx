// Navigation on wouter (issue 21 §3: a well-kept small router instead of the portal's own). wouter matches the routes
// and gives Route, Switch, Link, Redirect, useLocation, useSearch, useParams and useSearchParams; this module gives it
// the location, because wouter's own browser hook reads the address through useSyncExternalStore, which React renders
// at once: a lazy screen would then suspend to a blank page on every navigation. Here each change of address renders
// as a React transition (the current screen stays until the next one's chunk has arrived), and once the new page is
// shown the window is at the top and focus on its <main> (WCAG 2.4.3: not left on the body or on a link that is gone);
// back and forward put the page back where it was scrolled, as a browser does for documents (issue 21 §1).
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Router } from 'wouter';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation passed as `state` (null when none). */
  state: unknown;
  /** Unique per history entry. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** How the current location was reached: back/forward (POP), or a navigation of the portal. */
export type NavigationAction = 'POP' | 'PUSH' | 'REPLACE';

/** Where the locations come from: the browser's history, or a list in memory (tests). */
export interface History {
  readonly location: Location;
  readonly action: NavigationAction;
  /** Where the window was scrolled when the entry `key` was left (browser history only). */
  scrollOf?(key: string): number | undefined;
  push(path: string, state?: unknown): void;
  replace(path: string, state?: unknown): void;
  /** Calls `onChange` after every change of location, the browser's back and forward included. */
  listen(onChange: () => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` (absolute, or relative to `from`) → its path, search and hash. */
function resolve(to: string, from: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, `http://portal${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${location.pathname}${location.search}${location.hash}`;

function listeners() {
  const all = new Set<() => void>();
  return {
    add(fn: () => void): () => void {
      all.add(fn);
      return () => all.delete(fn);
    },
    notify: () => {
      for (const fn of all) fn();
    },
  };
}

/** The browser's history; each entry's state is `{ usr, key }` (as React Router wrote it, so older entries still read). */
export function createBrowserHistory(win: Window = window): History {
  const changed = listeners();
  let location = read();
  let action: NavigationAction = 'POP';
  // The portal restores scroll itself once the entry's screen has rendered: the browser's own restoration runs at
  // popstate, before the lazy screen is there, and lands short of the position on a page that is still loading.
  if ('scrollRestoration' in win.history) win.history.scrollRestoration = 'manual';
  const scrolls = new Map<string, number>();
  function read(): Location {
    const { pathname, search, hash } = win.location;
    const entry = (win.history.state ?? {}) as { usr?: unknown; key?: string };
    return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
  }
  const change = (next: NavigationAction) => {
    scrolls.set(location.key, win.scrollY);
    action = next;
    location = read();
    changed.notify();
  };
  win.addEventListener('popstate', () => change('POP'));
  const write = (method: 'pushState' | 'replaceState') => (path: string, state?: unknown) => {
    win.history[method]({ usr: state ?? null, key: newKey() }, '', path);
    change(method === 'pushState' ? 'PUSH' : 'REPLACE');
  };
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    scrollOf: (key) => scrolls.get(key),
    push: write('pushState'),
    replace: write('replaceState'),
    listen: changed.add,
  };
}

/** A history in memory (component tests). */
export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const changed = listeners();
  const toLocation = (path: string, state: unknown = null): Location => ({ ...resolve(path, '/'), state, key: newKey() });
  const entries = initialEntries.map((path) => toLocation(path));
  let index = entries.length - 1;
  let action: NavigationAction = 'POP';
  return {
    get location() {
      return entries[index];
    },
    get action() {
      return action;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, toLocation(path, state));
      index += 1;
      action = 'PUSH';
      changed.notify();
    },
    replace(path, state) {
      entries[index] = toLocation(path, state);
      action = 'REPLACE';
      changed.notify();
    },
    listen: changed.add,
  };
}

type Navigate = (to: string, options?: NavigateOptions) => void;
const LocationContext = createContext<{ location: Location; navigate: Navigate } | null>(null);

function useLocationContext() {
  const value = useContext(LocationContext);
  if (!value) throw new Error('a router hook used outside <NavigationRouter>');
  return value;
}

// wouter's location hooks (Router `hook` and `searchHook`): the location this module renders, not the address bar's.
const useRenderedLocation = (): [string, Navigate] => {
  const { location, navigate } = useLocationContext();
  return [location.pathname, navigate];
};
const useRenderedSearch = () => useLocationContext().location.search;

/** `history` for wouter: each change of location renders as a transition; focus and scroll follow (module comment). */
export function NavigationRouter({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  // What had focus when the navigation started: still focused once the page is shown, it is not the page's own choice.
  const focusedBefore = useRef<Element | null>(null);
  // A layout effect: subscribed before any child's effect can navigate (wouter's <Redirect> navigates in one).
  useLayoutEffect(() => {
    const update = () => {
      focusedBefore.current = typeof document === 'undefined' ? null : document.activeElement;
      startTransition(() => setLocation(history.location));
    };
    update();
    return history.listen(update);
  }, [history]);
  // Runs once the new location's screen has committed (a transition waits for its lazy chunk).
  const shown = useRef(location);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = location;
    if (before === location) return;
    if (history.action === 'POP') restoreScroll(history.scrollOf?.(location.key) ?? 0);
    else if (before.pathname !== location.pathname) enterPage(focusedBefore.current);
  }, [history, location]);
  // `to` is absolute or relative to the current address; going to the current address replaces it.
  const navigate = useCallback<Navigate>(
    (to, { replace, state } = {}) => {
      const path = pathOf(resolve(to, pathOf(history.location)));
      if (replace || path === pathOf(history.location)) history.replace(path, state);
      else history.push(path, state);
    },
    [history],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return (
    <LocationContext.Provider value={value}>
      <Router hook={useRenderedLocation} searchHook={useRenderedSearch}>
        {children}
      </Router>
    </LocationContext.Provider>
  );
}

/** A new page: the window at its top, focus on its <main> unless the page already put it inside (an autofocus). */
function enterPage(focusedBefore: Element | null): void {
  window.scrollTo(0, 0);
  const main = document.querySelector('main');
  const active = document.activeElement;
  if (!main || (active !== focusedBefore && main.contains(active))) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

/** Back or forward: the entry's scroll position, tried again for a few frames while its content is still growing. */
function restoreScroll(y: number): void {
  let frames = 30;
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) > 1 && --frames > 0) requestAnimationFrame(attempt);
  };
  attempt();
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <NavigationRouter history={history}>{children}</NavigationRouter>;
}

export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <NavigationRouter history={history}>{children}</NavigationRouter>;
}

/** navigate(to, { replace, state }), stable per router (wouter's `useLocation()[1]`, typed for this module's options). */
export function useNavigate(): Navigate {
  return useLocationContext().navigate;
}
