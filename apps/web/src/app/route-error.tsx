import { Component, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from '../lib/i18n';
import classes from './route-error.module.css';

/**
 * spec 1 §8: a lazy screen chunk that fails to load (ChunkLoadError) offers a reload; so does any other crash.
 * Plain elements, not Mantine's Button, Title and Text: those pulled Button, Loader, Transition and their sheets into
 * the code every first load runs (issue 9), for a message almost no load shows. They cannot be loaded on demand either:
 * this shows precisely when loading a chunk failed.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className={classes.page}>
      <div className={classes.stack} role="alert">
        <h2 className={classes.title}>{t('common.errorTitle')}</h2>
        <p className={classes.text}>{t('common.errorText')}</p>
        <button
          type="button"
          className={`${classes.button} mantine-focus-auto mantine-active`}
          onClick={() => window.location.reload()}
        >
          {t('common.reload')}
        </button>
      </div>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The error is forgotten when this changes (a navigation elsewhere). */
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** The screens' error boundary (what errorElement was under the data router): shows RouteError until the address changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
