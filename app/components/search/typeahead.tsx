import { useLingui } from '@lingui/react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { requestApi } from '../../lib/api-request';

/** SPEC §7: typeahead from 1 character, at most 10 entries. */
export const TYPEAHEAD_MIN_CHARS = 1;
export const TYPEAHEAD_LIMIT = 10;

/** SPEC §3 "Search suggestion". */
export interface Suggestion {
  i: string;
  n: string;
}

/**
 * The suggestions matching a typed text: names containing it (case-insensitive), those starting with it
 * first, at most 10 (SPEC §7). Fewer than 1 character matches nothing.
 */
export function matchSuggestions(all: readonly Suggestion[], text: string, limit = TYPEAHEAD_LIMIT): Suggestion[] {
  const q = text.trim().toLocaleLowerCase();
  if (q.length < TYPEAHEAD_MIN_CHARS) return [];
  const starts: Suggestion[] = [];
  const contains: Suggestion[] = [];
  for (const s of all) {
    const at = s.n.toLocaleLowerCase().indexOf(q);
    if (at === 0) {
      starts.push(s);
      if (starts.length === limit) break;
    } else if (at > 0 && contains.length < limit) contains.push(s);
  }
  return [...starts, ...contains].slice(0, limit);
}

function isSuggestion(x: unknown): x is Suggestion {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as Suggestion).i === 'string' &&
    typeof (x as Suggestion).n === 'string'
  );
}

// One fetch per brand per page load, shared by every mount.
const cache = new Map<string, Promise<Suggestion[]>>();

function loadSuggestions(brand: string): Promise<Suggestion[]> {
  let p = cache.get(brand);
  if (!p) {
    // NOTE: the reply is a bare JSON array, not the API envelope; requestApi parses any JSON.
    p = requestApi('GET', `/search/suggestions/${encodeURIComponent(brand)}.json`).then((reply) => {
      const body: unknown = reply.body;
      if (!reply.ok || !Array.isArray(body)) {
        cache.delete(brand); // let a later page load try again
        return [];
      }
      return body.filter(isSuggestion);
    });
    cache.set(brand, p);
  }
  return p;
}

interface Props {
  /** The site's brand code (root data's site.brand.code). */
  brand: string;
  id: string;
  name: string;
  placeholder?: string;
}

/**
 * The header search input as a WAI-ARIA 1.2 combobox with a listbox of product suggestions (SPEC §2, §7).
 * Enter without an active option submits the surrounding search form as before; a failed fetch leaves a
 * plain search box.
 */
export function Typeahead({ brand, id, name, placeholder }: Props) {
  const { i18n } = useLingui();
  const listId = useId();
  const statusId = useId();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [all, setAll] = useState<Suggestion[] | null>(null);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const ensureLoaded = () => {
    if (all !== null) return;
    void loadSuggestions(brand).then(setAll);
  };

  const matches = useMemo(() => (all ? matchSuggestions(all, value) : []), [all, value]);
  const expanded = open && matches.length > 0;
  const optionId = (i: number) => `${listId}-opt-${i}`;

  // Keep the active option in range as the list changes.
  useEffect(() => {
    if (active >= matches.length) setActive(-1);
  }, [matches.length, active]);

  // The active option stays in view in a scrolling list.
  useEffect(() => {
    if (!expanded || active < 0) return;
    document.getElementById(`${listId}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, active, listId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (s: Suggestion) => {
    close();
    setValue('');
    navigate(`/product/${encodeURIComponent(s.i)}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown': {
        if (matches.length === 0) return;
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(0);
        } else setActive((a) => (a + 1) % matches.length);
        return;
      }
      case 'ArrowUp': {
        if (matches.length === 0) return;
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(matches.length - 1);
        } else setActive((a) => (a <= 0 ? matches.length - 1 : a - 1));
        return;
      }
      case 'Enter': {
        const s = expanded && active >= 0 ? matches[active] : undefined;
        if (s) {
          e.preventDefault();
          go(s);
        } else close(); // the form submits as usual
        return;
      }
      case 'Escape': {
        if (expanded) {
          e.preventDefault();
          close();
        } else if (value) {
          e.preventDefault();
          setValue('');
        }
        return;
      }
      case 'Tab':
        close();
        return;
      default:
    }
  };

  const status = expanded
    ? i18n._('{count, plural, one {{count} suggestion available} other {{count} suggestions available}}', {
        count: matches.length,
      })
    : '';

  return (
    <div className="typeahead">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        onFocus={ensureLoaded}
        onChange={(e) => {
          ensureLoaded();
          setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          // Clicks on an option keep focus via onMouseDown preventDefault; anything else closes the list.
          if (!e.currentTarget.parentElement?.contains(e.relatedTarget as Node | null)) close();
        }}
      />
      {/* The listbox stays in the DOM so aria-controls always points at it. */}
      <div
        id={listId}
        role="listbox"
        aria-label={i18n._('Search suggestions')}
        className="typeahead__list"
        hidden={!expanded}
      >
        {expanded
          ? matches.map((s, i) => (
              // NOTE: the option is the link itself; a link inside an option would be nested-interactive.
              <Link
                key={s.i}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                to={`/product/${encodeURIComponent(s.i)}`}
                className={`typeahead__option${i === active ? ' typeahead__option--active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
                  e.preventDefault();
                  go(s);
                }}
              >
                {s.n}
              </Link>
            ))
          : null}
      </div>
      <div id={statusId} className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </div>
    </div>
  );
}
