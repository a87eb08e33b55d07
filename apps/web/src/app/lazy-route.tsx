// Lazy screens of the router (router.tsx): each loads its chunk on first render, or earlier through preload, with the
// spec's 120-second timeout (lib/lazy-chunk.ts). A failed or timed-out load throws to the route error boundary
// (route-error.tsx), which offers a reload.
// Not React.lazy: a lazy component suspends on its first render even when its chunk is already here, and React holds
// a revealed Suspense boundary back for up to 300 ms; main.tsx preloads the current address's screens before the
// first render, so a screen whose chunk is here renders at once, as under the data router.
import { type ComponentType, use } from 'react';
import { withChunkTimeout } from '../lib/lazy-chunk';

export type LazyRoute<P extends object = object> = ComponentType<P> & {
  /** Starts loading the chunk now (once); resolves when it is here or has failed (the render reports the failure). */
  preload: () => Promise<void>;
};

/** The screen component exported as `name` by the module `load` imports (with its props: the shell's page). */
export function lazyRoute<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyRoute<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= withChunkTimeout(load).then((module) => {
      loaded = module[name];
      return loaded;
    });
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: lazyRoute runs once per screen at module level, like React.lazy
  function LazyScreen(props: P) {
    const Screen = loaded ?? use(start());
    return <Screen {...props} />;
  }
  return Object.assign(LazyScreen, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
