import { useLingui } from '@lingui/react';
import type { EmblaCarouselType } from 'embla-carousel';
import { type ReactNode, startTransition, useCallback, useEffect, useId, useRef, useState } from 'react';
import { isPageHydrated } from '../lib/hydration';

interface Props {
  title: string;
  /** Slides per view on wide screens (SPEC §9: 4 by default, 3 for recommenders). */
  perView?: 3 | 4;
  /** Autoplay interval in ms (SPEC §9: 5, 6 or 10 s). */
  autoplayMs?: number;
  children: ReactNode[];
}

/** An accessible carousel (WAI-ARIA carousel pattern) with a pause control for its autoplay (WCAG 2.2.2). */
export function Carousel({ title, perView = 4, autoplayMs = 5000, children }: Props) {
  const { i18n } = useLingui();
  const headingId = useId();
  const [reducedMotion, setReducedMotion] = useState(false);
  useEffect(() => {
    setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  }, []);
  const sectionRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const engine = useRef<Promise<EmblaCarouselType | null> | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  // The server renders the first view only (the home page's three carousels were 36 tiles, 80% of its
  // markup and render time). Without script nothing past it could be seen: the viewport clips and nothing scrolls.
  // The rest follows with the engine, or when focus comes in; a carousel that mounts after hydration (filled from
  // the API, or reached by a link) has them all at once.
  const [allSlides, setAllSlides] = useState(isPageHydrated);
  const showAllSlides = useCallback(() => startTransition(() => setAllSlides(true)), []);
  // The engine measures the slides once, when it is made: it waits for them all (a first view alone has nothing to
  // scroll to, and its autoplay would never start).
  const slidesShown = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);
  if (!slidesShown.current) {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    slidesShown.current = { promise, resolve };
  }
  useEffect(() => {
    if (allSlides) slidesShown.current?.resolve();
  }, [allSlides]);
  // The engine (embla) loads when the carousel comes near the viewport, or at once when a control is used.
  // Null when the carousel left the page while the engine was loading (the shopper navigated on).
  const start = useCallback((): Promise<EmblaCarouselType | null> => {
    showAllSlides();
    engine.current ??= Promise.all([import('./carousel-engine'), slidesShown.current?.promise]).then(
      ([{ createCarouselEngine }]) => {
        const viewport = viewportRef.current;
        if (!viewport) {
          engine.current = null;
          return null;
        }
        const api = createCarouselEngine(viewport, autoplayMs);
        setEmbla(api);
        return api;
      },
    );
    return engine.current;
  }, [autoplayMs, showAllSlides]);
  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void start();
      },
      { rootMargin: '200px' },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [start]);
  useEffect(() => () => embla?.destroy(), [embla]);
  const [playing, setPlaying] = useState(false);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(true);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    // NOTE: autoplay emits its play/stop events before it updates isPlaying(), so read the event instead.
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    update();
    embla.on('select', update).on('reInit', update).on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    // NOTE: embla's autoplay throws when there is nothing to scroll to (a carousel of one or two tiles).
    const canScroll = embla.scrollSnapList().length > 1;
    if (!reducedMotion && canScroll) embla.plugins().autoplay?.play();
    return () => {
      embla.off('select', update).off('reInit', update).off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [embla, reducedMotion]);

  const toggle = useCallback(() => {
    void start().then((api) => {
      if (!api) return;
      const autoplay = api.plugins().autoplay;
      if (!autoplay || api.scrollSnapList().length < 2) return;
      if (autoplay.isPlaying()) autoplay.stop();
      else autoplay.play();
    });
  }, [start]);

  return (
    <section
      ref={sectionRef}
      className={`carousel carousel--${perView}`}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      data-autoplay-ms={autoplayMs}
      onFocus={showAllSlides}
    >
      <div className="carousel__head">
        <h2 id={headingId}>{title}</h2>
        <div className="carousel__controls">
          <button
            type="button"
            onClick={toggle}
            aria-label={playing ? i18n._('Pause {title}', { title }) : i18n._('Play {title}', { title })}
          >
            {playing ? i18n._('Pause') : i18n._('Play')}
          </button>
          <button
            type="button"
            onClick={() => void start().then((api) => api?.scrollPrev())}
            disabled={!canPrev}
            aria-label={i18n._('Previous {title}', { title })}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            onClick={() => void start().then((api) => api?.scrollNext())}
            disabled={!canNext}
            aria-label={i18n._('Next {title}', { title })}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__track">
          {(allSlides ? children : children.slice(0, perView)).map((child, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide role=group with aria-roledescription; a fieldset is for form controls
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: children carry no ids and the slides are static for the life of the carousel
              key={i}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={i18n._('{index} of {total}', { index: i + 1, total: children.length })}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
