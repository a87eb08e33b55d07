// A modal whose code loads on its first open (issue 2 bundle budget: Mantine's Modal, Transition and
// react-remove-scroll stay out of a route until the user opens one). Until then nothing renders; while the chunk
// loads a small loader shows; once loaded the modal stays mounted so it closes with its transition. A chunk that
// fails (or times out, lib/lazy-chunk.ts) throws to the route error boundary, which offers a reload (spec 1 §8).
// Focus: the loaded modal first renders closed and opens on the next commit, so Mantine records the element that
// had focus (the opener) and gives focus back to it on close, exactly as an eagerly loaded modal does.
// No React.lazy/Suspense: React holds a revealed Suspense boundary back for up to 300 ms, which would delay the modal.
import { Loader, VisuallyHidden } from '@mantine/core';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { withChunkTimeout } from '../lib/lazy-chunk';
import classes from './lazy-modal.module.css';

interface LazyModalOptions<P> {
  /** Whether these props ask for the modal to be open. */
  isOpen: (props: P) => boolean;
  /** The same props asking for it to be closed. */
  asClosed: (props: P) => P;
}

const byOpenedProp = {
  isOpen: (p: { opened: boolean }) => p.opened,
  asClosed: <P extends { opened: boolean }>(p: P): P => ({ ...p, opened: false }),
};

export function lazyModal<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options?: LazyModalOptions<P>,
): ComponentType<P> {
  const { isOpen, asClosed } = options ?? (byOpenedProp as unknown as LazyModalOptions<P>);
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= withChunkTimeout(load).then((modal) => {
      loaded = modal;
      return modal;
    });
    return loading;
  };

  // biome-ignore lint/correctness/noComponentHookFactories: lazyModal runs once per modal at module level, like React.lazy
  function LazyModal(props: P) {
    const open = isOpen(props);
    // Already here (another instance opened it): no loader flash.
    const [Modal, setModal] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (!open || Modal) return;
      let current = true;
      start().then(
        (loaded) => current && setModal(() => loaded),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, [open, Modal]);
    if (failure) throw failure.error;
    if (!Modal) return open ? <ModalLoader /> : null;
    return <OpensAfterMount modal={Modal} props={props} asClosed={asClosed} />;
  }
  return LazyModal;
}

function OpensAfterMount<P extends object>({
  modal: Modal,
  props,
  asClosed,
}: {
  modal: ComponentType<P>;
  props: P;
  asClosed: (props: P) => P;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <Modal {...(mounted ? props : asClosed(props))} />;
}

/** Shown while a modal's code loads; it takes no focus, so focus stays on the opener until the modal opens. */
export function ModalLoader() {
  const { t } = useTranslation();
  return (
    <div className={classes.loader} role="status">
      <Loader size="sm" aria-hidden="true" />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </div>
  );
}
