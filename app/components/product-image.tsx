import { useEffect, useRef, useState } from 'react';
import { LAZY_LOAD, placeholderImageUrl, type ImageSize } from '../../domain/images';
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
  /** Above-the-fold images load at once; others wait until within 300 px of the viewport. */
  eager?: boolean;
}

/**
 * A product image that loads lazily (SPEC §9: 300 px threshold) and, when the image is missing,
 * shows the brand's placeholder and reports an Errors / Missing Image event (SPEC §8).
 */
export function ProductImage({ site, imageBase, size, alt, mixed, eager = false }: Props) {
  const original = `${imageBase}-${size}.svg`;
  const ref = useRef<HTMLImageElement>(null);
  const [src, setSrc] = useState<string | undefined>(eager ? original : undefined);
  // The image already reported missing, so each one is reported once.
  const reported = useRef<string | null>(null);
  // Another image (the same component on another product): start again, adjusted during render.
  const [shownOriginal, setShownOriginal] = useState(original);
  if (shownOriginal !== original) {
    setShownOriginal(original);
    setSrc(eager ? original : undefined);
  }
  const [w, h] = PIXELS[size];

  const onMissing = () => {
    if (reported.current === original) return;
    reported.current = original;
    track(missingImageEvent(original));
    setSrc(placeholderImageUrl(site, size, mixed));
  };

  // An eager image may have failed before hydration attached onError. NOTE: once, after hydration.
  const checkedHydration = useRef(false);
  useEffect(() => {
    if (checkedHydration.current) return;
    checkedHydration.current = true;
    const img = ref.current;
    if (eager && img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) onMissing();
  });

  useEffect(() => {
    const img = ref.current;
    if (!img || eager) return;
    if (!('IntersectionObserver' in window)) {
      setSrc(original);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSrc(original);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_LOAD.thresholdPx}px 0px` },
    );
    observer.observe(img);
    return () => observer.disconnect();
  }, [original, eager]);

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
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={onMissing}
    />
  );
}
