import { Fragment } from 'react';

const SLOT = '\u0000';

/**
 * A text a loader writes in the site's language, cut where a value goes that is not words to translate (a card's
 * last 4, a recipient's name). The page puts it back together with `KeptWords`.
 */
export function textAround(
  i18n: { _: (id: string, values: Record<string, string>) => string },
  id: string,
  name: string,
) {
  return i18n._(id, { [name]: SLOT }).split(SLOT);
}

/** The parts of a text from `textAround`, joined by the value, which is marked as not to be translated. */
export function KeptWords({ parts, value }: { parts: readonly string[]; value: string }) {
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, in order.
    <Fragment key={index}>
      {index > 0 ? <span translate="no">{value}</span> : null}
      {part}
    </Fragment>
  ));
}
