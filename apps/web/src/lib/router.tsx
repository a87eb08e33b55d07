// The portal's router: the part of React Router's declarative mode the portal uses (BrowserRouter, Routes, Route,
// Outlet, Link, Navigate and the location hooks), in 2 KB instead of react-router's 38 KB, which every first load paid
// for (about 10 KB brotli: issue 9, a fast first load on a phone; its Link alone brings prefetching, forms and view
// transitions). Same behaviour where the portal relies on it: routes ranked by specificity (static segments before
// `:params` before `*`), nested routes rendered through <Outlet />, navigations as React transitions (the current screen
// stays until the next one's lazy chunk has arrived), a link to the current address replacing it, <Navigate> in an
// effect. createMemoryRouter and RouterProvider serve the component tests. After a navigation to another page the
// window is at the top and focus on the page's <main> (WCAG 2.4.3: not left on the body or on a link that is gone);
// back and forward put the page back where it was scrolled, as a browser does for documents (issue 21 §1).
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

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

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export type Params = Record<string, string | undefined>;

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` (absolute, or relative to `from`'s path) → its path, search and hash. */
function resolve(to: string, from: string): { pathname: string; search: string; hash: string } {
  const url = new URL(to, `http://portal${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${location.pathname}${location.search}${location.hash}`;

class Listeners {
  private readonly all = new Set<() => void>();
  add(fn: () => void): () => void {
    this.all.add(fn);
    return () => this.all.delete(fn);
  }
  notify(): void {
    for (const fn of this.all) fn();
  }
}

/** The browser's history; the entry's state keeps `{ usr, key }` as React Router did, so entries it made still read. */
export function createBrowserHistory(win: Window = window): History {
  const listeners = new Listeners();
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
    listeners.notify();
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
    listen: (fn) => listeners.add(fn),
  };
}

/** A history in memory (tests, and anywhere without an address bar). */
export function createMemoryHistory({ initialEntries = ['/'] }: { initialEntries?: string[] } = {}): History {
  const listeners = new Listeners();
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
      listeners.notify();
    },
    replace(path, state) {
      entries[index] = toLocation(path, state);
      action = 'REPLACE';
      listeners.notify();
    },
    listen: (fn) => listeners.add(fn),
  };
}

interface RouterContextValue {
  history: History;
  location: Location;
}
const RouterContext = createContext<RouterContextValue | null>(null);

interface RouteContextValue {
  outlet: ReactNode;
  params: Params;
}
const RouteContext = createContext<RouteContextValue>({ outlet: null, params: {} });

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook used outside a router');
  return router;
}

/** Provides `history`'s location to the routes; each change of location renders as a transition. */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  // What had focus when the navigation started: still focused once the page is shown, it is not the page's own choice.
  const focusedBefore = useRef<Element | null>(null);
  // A layout effect: subscribed before any child's effect can navigate (<Navigate> navigates in an effect).
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
  const value = useMemo(() => ({ history, location }), [history, location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
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
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory({ initialEntries }));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** Goes to `to` (absolute, or relative to the current address) in `history`. */
function navigateIn(history: History, to: string, { replace = false, state }: NavigateOptions = {}): void {
  const path = pathOf(resolve(to, pathOf(history.location)));
  if (replace) history.replace(path, state);
  else history.push(path, state);
}

/** navigate(to, { replace, state }): `to` is absolute or relative to the current address. Stable per router. */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  return useCallback((to: string, options?: NavigateOptions) => navigateIn(history, to, options), [history]);
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The address's query, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname],
  );
  return [params, set];
}

/** The child route's element (a route without an element renders its children this way). */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

/** Navigates once rendered (in an effect, as React Router's <Navigate> did). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to an address of the portal: a real <a href> (opens in a new tab with a modifier key or a middle click), and
 * a plain left click navigates without reloading. A link to the current address replaces it.
 */
export function Link({ to, replace, state, onClick, target, ref, ...rest }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const href = pathOf(resolve(to, pathOf(location)));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href, { replace: replace ?? href === pathOf(location), state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}

/** The route objects <Route> elements describe (fragments are looked through). */
export function createRoutesFromChildren(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    if (child.type === Fragment) {
      routes.push(...createRoutesFromChildren((child as ReactElement<{ children?: ReactNode }>).props.children));
      return;
    }
    const { path, index, element, children: nested } = (child as ReactElement<RouteProps>).props;
    routes.push({ path, index, element, children: nested ? createRoutesFromChildren(nested) : undefined });
  });
  return routes;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route for <Routes>; renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

interface Branch {
  /** The routes from the top to this one. */
  routes: RouteObject[];
  segments: string[];
  score: number;
  order: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** A segment decoded; one with a malformed escape (`%E0%A4%A`) is kept as typed instead of failing the render. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** React Router's ranking: static segments first, then `:params`, an index route, a trailing `*` last. */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') score -= 2;
    else if (segment.startsWith(':')) score += 3;
    else score += 10;
  }
  return score;
}

function branchesOf(routes: RouteObject[], parents: RouteObject[] = [], base: string[] = [], out: Branch[] = []): Branch[] {
  for (const route of routes) {
    const chain = [...parents, route];
    const segments = [...base, ...segmentsOf(route.path ?? '')];
    if (route.children?.length) branchesOf(route.children, chain, segments, out);
    // A route without a path and not an index (a layout) matches only through its children.
    if (route.path !== undefined || route.index) {
      out.push({ routes: chain, segments, score: scoreOf(segments, !!route.index), order: out.length });
    }
  }
  return out;
}

function matchBranch(branch: Branch, pathname: string): Params | null {
  const parts = segmentsOf(pathname);
  const params: Params = {};
  for (let i = 0; i < branch.segments.length; i++) {
    const segment = branch.segments[i];
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(part);
    else if (segment.toLowerCase() !== decode(part).toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

/** The routes `pathname` shows, from the top down, with its params; null when none matches. */
export function matchRoutes(routes: RouteObject[], pathname: string): { routes: RouteObject[]; params: Params } | null {
  const branches = branchesOf(routes).sort((a, b) => b.score - a.score || a.order - b.order);
  for (const branch of branches) {
    const params = matchBranch(branch, pathname);
    if (params) return { routes: branch.routes, params };
  }
  return null;
}

/** Renders the matched routes, each one's element with the next one as its <Outlet />. */
function RouteTree({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const match = matchRoutes(routes, pathname);
  if (!match) return null;
  let outlet: ReactNode = null;
  for (let i = match.routes.length - 1; i >= 0; i--) {
    const element = match.routes[i].element ?? <Outlet />;
    outlet = <RouteContext.Provider value={{ outlet, params: match.params }}>{element}</RouteContext.Provider>;
  }
  return <>{outlet}</>;
}

export function Routes({ children }: { children?: ReactNode }) {
  return <RouteTree routes={createRoutesFromChildren(children)} />;
}

/** A router over route objects in memory, for component tests: `router.state.location`, `router.navigate(to)`. */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}) {
  const history = createMemoryHistory(options);
  return {
    routes,
    history,
    get state() {
      return { location: history.location };
    },
    navigate(to: string, options?: NavigateOptions): Promise<void> {
      navigateIn(history, to, options);
      return Promise.resolve();
    },
  };
}

export function RouterProvider({ router }: { router: ReturnType<typeof createMemoryRouter> }) {
  return (
    <Router history={router.history}>
      <RouteTree routes={router.routes} />
    </Router>
  );
}
