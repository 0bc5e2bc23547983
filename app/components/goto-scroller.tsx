import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** SPEC §2: `goto_{id}` scrolls to that element, then is removed from the URL. */
export function GotoScroller() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const keys = [...params.keys()].filter((k) => k.startsWith('goto_'));
    if (keys.length === 0) return;
    const id = keys[0]!.slice('goto_'.length);
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
    const next = new URLSearchParams(params);
    for (const k of keys) next.delete(k);
    setParams(next, { replace: true, preventScrollReset: true });
  }, [params, setParams]);
  return null;
}
