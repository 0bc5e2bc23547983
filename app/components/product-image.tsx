import { useEffect, useRef, useState } from 'react';
import { type ImageSize, placeholderImageUrl } from '../../domain/images';
import { missingImageEvent } from '../../domain/page-types';
import { track } from '../lib/analytics';
import type { PublicSite } from '../lib/site';

const PIXELS: Record<ImageSize, [number, number]> = { thumbnail: [60, 80], small: [150, 200], large: [450, 600] };

interface Props {
  site: PublicSite;
  imageBase: string;
  size: ImageSize;
  alt: string;
  mixed: boolean;
  /**
   * The page's largest image (a product page's, a listing's first row): fetched at once, at high priority. NOTE: React
   * preloads each eager image in <head>, ahead of the page's scripts: every one more delays hydration.
   */
  eager?: boolean;
}

/**
 * A product image with its address in the server's HTML, so a shopper sees the bottle before any script runs (and
 * without script). Images below the fold load lazily through the browser's own `loading="lazy"`, which serves SPEC
 * §9's 300 px threshold. A missing image shows the brand's placeholder and reports an Errors / Missing Image event
 * (SPEC §8).
 */
export function ProductImage({ site, imageBase, size, alt, mixed, eager = false }: Props) {
  const original = `${imageBase}-${size}.svg`;
  const ref = useRef<HTMLImageElement>(null);
  const [src, setSrc] = useState(original);
  // The image already reported missing, so each one is reported once.
  const reported = useRef<string | null>(null);
  // Another image (the same component on another product): start again, adjusted during render.
  const [shownOriginal, setShownOriginal] = useState(original);
  if (shownOriginal !== original) {
    setShownOriginal(original);
    setSrc(original);
  }
  const [w, h] = PIXELS[size];

  const onMissing = () => {
    if (reported.current === original) return;
    reported.current = original;
    track(missingImageEvent(original));
    setSrc(placeholderImageUrl(site, size, mixed));
  };

  // An image may have failed before hydration attached onError. NOTE: once, after hydration. A lazy image the
  // browser has not fetched yet is not `complete`; its error, if any, comes later, to onError.
  const checkedHydration = useRef(false);
  useEffect(() => {
    if (checkedHydration.current) return;
    checkedHydration.current = true;
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) onMissing();
  });

  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={w}
      height={h}
      data-image-size={size}
      className={`product-image product-image--${size}`}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      onError={onMissing}
    />
  );
}
