import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';

/** SPEC §9: the back-to-top control shows after a 300 px scroll. */
export const BACK_TO_TOP_AFTER_PX = 300;

export function BackToTop() {
  const { i18n } = useLingui();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span> {i18n._('Back to top')}
    </button>
  );
}
