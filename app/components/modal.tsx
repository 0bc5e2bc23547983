import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { isPageHydrated } from '../lib/hydration';
import { useFocusTrap } from '../lib/use-focus-trap';

/** SPEC §4/§9: stacked modals get a stacking order of 1040 plus 10 per visible modal. */
export const MODAL_Z_BASE = 1040;
export const MODAL_Z_STEP = 10;

interface Props {
  labelledBy: string;
  describedBy?: string;
  className?: string;
  /** Escape (and a backdrop click, when closeOnBackdrop) call this; without it the modal must be answered. */
  onClose?: () => void;
  closeOnBackdrop?: boolean;
  children: ReactNode;
}

/** One accessible modal dialog: backdrop, role=dialog, focus moved in, kept in and given back. */
export function Modal({ labelledBy, describedBy, className, onClose, closeOnBackdrop = false, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [zIndex, setZIndex] = useState(MODAL_Z_BASE);
  useLayoutEffect(() => {
    const others = document.querySelectorAll('[data-modal-open]').length - 1;
    setZIndex(MODAL_Z_BASE + MODAL_Z_STEP * Math.max(0, others));
  }, []);
  useFocusTrap(ref, true, onClose);
  // A modal opened inside a carousel tile (quick view) would otherwise take the moving track (a CSS transform) for
  // its viewport: moved with the slides and clipped by the carousel. Opened after hydration, it goes to the end of
  // <body>; one the server rendered (the age gate) stays where it is, so hydration matches.
  const [inBody] = useState(isPageHydrated);
  const dialog = (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a pointer shortcut; keyboard users close with Escape (useFocusTrap)
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above, Escape is the keyboard way out, handled by useFocusTrap
    <div
      className="modal-backdrop"
      data-modal-open=""
      style={{ zIndex }}
      onClick={(event) => {
        if (closeOnBackdrop && onClose && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`modal${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
  return inBody ? createPortal(dialog, document.body) : dialog;
}
