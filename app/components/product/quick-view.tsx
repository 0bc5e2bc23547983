import { useLingui } from '@lingui/react';
import { lazy, Suspense, useRef, useState } from 'react';

const QuickViewModal = lazy(() => import('./quick-view-modal').then((m) => ({ default: m.QuickViewModal })));

/** SPEC §2 quick-view modal: a tile's pack prices and add to cart without leaving the listing. */
export function QuickViewButton({ path, title }: { path: string; title: string }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="tile__quick-view"
        aria-haspopup="dialog"
        aria-label={i18n._('Quick view: {title}', { title })}
        onClick={() => setOpen(true)}
      >
        {i18n._('Quick view')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <QuickViewModal
            path={path}
            title={title}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
