// Navigation (lib/navigation.tsx on wouter): matching, a layout kept across its pages, links, redirects, the query,
// the history, focus and scroll.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Link, Redirect, Route, Switch, useLocation, useParams, useSearch, useSearchParams } from 'wouter';
import { createMemoryRouter, RouterProvider } from '../test/memory-router';
import { createBrowserHistory, MemoryRouter, useNavigate } from './navigation';

function Probe0() {
  return <p>{`params ${JSON.stringify(useParams())}`}</p>;
}

/** The route table's matching as the portal writes it (app/router.tsx): wouter's Switch, first match wins. */
function Table() {
  return (
    <Switch>
      <Route path="/signin">signin</Route>
      <Route path="/signup/:pageName">
        <Probe0 />
      </Route>
      <Route path="/customer/dashboard">dashboard</Route>
      <Route>not found</Route>
    </Switch>
  );
}

describe('matching (wouter)', () => {
  const at = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <Table />
      </MemoryRouter>,
    );
  it('ignores case and a trailing slash, reads :params decoded, and falls through to the last route', () => {
    at('/Customer/Dashboard/');
    expect(screen.getByText('dashboard')).toBeInTheDocument();
    cleanup();
    at('/signup/harbour%20view');
    expect(screen.getByText('params {"0":"harbour view","pageName":"harbour view"}')).toBeInTheDocument();
    cleanup();
    at('/customer/dashboard/extra');
    expect(screen.getByText('not found')).toBeInTheDocument();
    cleanup();
    // A malformed escape is kept as typed: the page then says it does not know it, instead of failing to render.
    at('/signup/%E0%A4%A');
    expect(screen.getByText('params {"0":"%E0%A4%A","pageName":"%E0%A4%A"}')).toBeInTheDocument();
  });
});

function Where() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <output aria-label="where">{`${pathname}${search ? `?${search}` : ''}`}</output>;
}

function Shell({ children }: { children?: ReactNode }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => setCount(count + 1)}>
        {`clicked ${count}`}
      </button>
      <Link to="/customer/account">Account</Link>
      {children}
    </div>
  );
}

function Signup() {
  return <p>{`page ${useParams().pageName}`}</p>;
}

let navigate: ReturnType<typeof useNavigate> = () => {};
let setQuery: ReturnType<typeof useSearchParams>[1] = () => {};
function Probe() {
  navigate = useNavigate();
  const [params, set] = useSearchParams();
  setQuery = set;
  return <p>{`search=${params.get('search') ?? ''}`}</p>;
}

describe('a layout kept across its pages, Link, Redirect', () => {
  it('keeps the layout mounted across its pages and navigates on a plain click only', async () => {
    render(
      <MemoryRouter initialEntries={['/customer/dashboard']}>
        <Route path={/^\/customer\/(?:dashboard|account)$/}>
          <Shell>
            <Switch>
              <Route path="/customer/dashboard">
                <p>dashboard page</p>
              </Route>
              <Route path="/customer/account">
                <p>account page</p>
              </Route>
            </Switch>
          </Shell>
        </Route>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'clicked 0' }));
    const link = screen.getByRole('link', { name: 'Account' });
    expect(link).toHaveAttribute('href', '/customer/account');
    // A modifier key or another button leaves the click to the browser (new tab, new window).
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { button: 1 });
    expect(screen.getByLabelText('where')).toHaveTextContent('/customer/dashboard');
    await act(async () => fireEvent.click(link));
    expect(screen.getByText('account page')).toBeInTheDocument();
    expect(screen.getByLabelText('where')).toHaveTextContent('/customer/account');
    // The shell kept its state: it was not mounted again.
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeInTheDocument();
  });

  it('gives params to the route and redirects with <Redirect>, replacing the entry', async () => {
    const router = createMemoryRouter(
      [
        { path: '/old', element: <Redirect to="/signup/harbour?origin=application" replace /> },
        { path: '/signup/:pageName', element: <Signup /> },
      ],
      { initialEntries: ['/start', '/old'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('page harbour')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup/harbour');
    expect(router.state.location.search).toBe('?origin=application');
    expect(router.history).toBeDefined();
  });

  it('navigates with useNavigate (push, replace, relative), and the query with useSearchParams', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/admin/tenants'] });
    render(<RouterProvider router={router} />);
    await act(async () => setQuery({ search: 'tremblay' }, { replace: true }));
    expect(screen.getByText('search=tremblay')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/tenants');
    await act(async () => navigate('edit'));
    expect(router.state.location.pathname).toBe('/admin/edit');
    await act(async () => navigate('/customer/dashboard#top', { state: { from: 'x' } }));
    expect(router.state.location).toMatchObject({ pathname: '/customer/dashboard', hash: '#top', state: { from: 'x' } });
    await act(async () => setQuery({}));
    expect(router.state.location.search).toBe('');
  });
});

describe('createBrowserHistory', () => {
  it("follows the browser's back and forward, and writes entries React Router can read", () => {
    window.history.replaceState(null, '', '/first');
    const history = createBrowserHistory();
    const seen: string[] = [];
    const stop = history.listen(() => seen.push(history.location.pathname));
    history.push('/second?x=1', { from: 'first' });
    expect(window.location.pathname).toBe('/second');
    expect(window.history.state).toMatchObject({ usr: { from: 'first' } });
    expect(history.location).toMatchObject({ pathname: '/second', search: '?x=1', state: { from: 'first' } });
    window.history.replaceState(null, '', '/first');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(history.location.pathname).toBe('/first');
    expect(seen).toEqual(['/second', '/first']);
    stop();
  });
});

const Page = ({ name }: { name: string }) => (
  <main>
    <h1>{name}</h1>
    <Link to="/b">to b</Link>
    <Link to="/a?tab=2">same page</Link>
  </main>
);

// Issue 21 §1: a new page opens at the top with focus on its <main>; the same page with another query keeps both;
// back/forward put back the entry's scroll position.
describe('focus and scroll on navigation', () => {
  it('focuses the new page’s main and scrolls to the top, but not for a change of query', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Switch>
          <Route path="/a">
            <Page name="A" />
          </Route>
          <Route path="/b">
            <Page name="B" />
          </Route>
        </Switch>
      </MemoryRouter>,
    );
    const same = screen.getByRole('link', { name: 'same page' });
    same.focus();
    await act(async () => fireEvent.click(same));
    expect(same).toHaveFocus();
    expect(scrollTo).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'to b' })));
    expect(await screen.findByRole('heading', { name: 'B' })).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });

  it('records where an entry was scrolled and reports back/forward as POP', () => {
    window.history.replaceState(null, '', '/first');
    const history = createBrowserHistory();
    expect(window.history.scrollRestoration).toBe('manual');
    const first = history.location.key;
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    history.push('/second');
    expect(history.action).toBe('PUSH');
    expect(history.scrollOf?.(first)).toBe(420);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(history.action).toBe('POP');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
