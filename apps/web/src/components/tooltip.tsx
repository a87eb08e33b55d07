// A small accessible tooltip positioned with CSS alone: Mantine's Tooltip brings floating-ui (~25 KB gzip) into the
// route that uses it (issue 2 bundle budget). Follows the WAI-ARIA tooltip pattern and WCAG 1.4.13: it shows on mouse
// hover and on keyboard focus, toggles with a tap on touch screens, stays while the pointer is over it, and Escape
// hides it. The bubble has role="tooltip"; the trigger points to it with aria-describedby, or, when the tooltip text is
// the trigger's only name (an icon button), carries that text as its aria-label (so it is not read twice).
import {
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import classes from './tooltip.module.css';

export interface TooltipTriggerProps {
  'aria-describedby'?: string;
  'aria-label'?: string;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: () => void;
  onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
  onClick: () => void;
}

interface TooltipProps {
  label: string;
  /** Renders the focusable trigger; spread the given props on it (compose onClick if the trigger has its own). */
  children: (trigger: TooltipTriggerProps) => ReactNode;
  /** The tooltip text names the trigger instead of describing it: for icon-only buttons. */
  asLabel?: boolean;
  /** Side of the trigger the bubble sits on. */
  position?: 'top' | 'bottom';
  /** Edge of the trigger the bubble lines up with: pick the side with room (no collision detection). */
  align?: 'start' | 'center' | 'end';
  /** Largest width of the bubble in px (never wider than the viewport). */
  width?: number;
  /** The wrapper is a block (for a full-width trigger) instead of inline. */
  block?: boolean;
  className?: string;
}

/** Whether focus came from the keyboard (a click focuses too, and must not pop the tooltip up). */
function isKeyboardFocus(el: HTMLElement): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true; // engines without :focus-visible
  }
}

export function Tooltip({
  label,
  children,
  asLabel = false,
  position = 'top',
  align = 'center',
  width = 260,
  block = false,
  className,
}: TooltipProps) {
  const id = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  /** Opened by keyboard focus: moving the mouse away must not hide it. */
  const keyboardFocused = useRef(false);
  const lastPointer = useRef<string | null>(null);

  const hide = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    // Escape hides the tooltip wherever focus is (a hover tooltip too), and only the tooltip: an enclosing modal stays.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
    };
    // A tap elsewhere closes a tooltip opened by a tap.
    const onPointerDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [open]);

  const trigger: TooltipTriggerProps = {
    ...(asLabel ? { 'aria-label': label } : { 'aria-describedby': id }),
    onFocus: (e) => {
      keyboardFocused.current = isKeyboardFocus(e.currentTarget);
      if (keyboardFocused.current) setOpen(true);
    },
    onBlur: () => {
      keyboardFocused.current = false;
      hide();
    },
    onPointerDown: (e) => {
      lastPointer.current = e.pointerType;
    },
    onClick: () => {
      // Touch has no hover: a tap shows the tooltip, a second tap hides it.
      if (lastPointer.current === 'touch') setOpen((o) => !o);
      lastPointer.current = null;
    },
  };

  const isMouse = (e: ReactPointerEvent) => e.pointerType === 'mouse' || e.pointerType === 'pen';

  return (
    <span
      ref={rootRef}
      className={[classes.root, className].filter(Boolean).join(' ')}
      data-block={block || undefined}
      onPointerEnter={(e) => {
        if (isMouse(e)) setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (isMouse(e) && !keyboardFocused.current) hide();
      }}
    >
      {children(trigger)}
      {/* A description stays in the document (hidden) so aria-describedby always resolves; a label need not. */}
      {(open || !asLabel) && (
        <span
          role="tooltip"
          id={id}
          className={classes.bubble}
          data-position={position}
          data-align={align}
          hidden={!open}
          style={{ '--tooltip-width': `${width}px` } as CSSProperties}
        >
          {label}
        </span>
      )}
    </span>
  );
}
