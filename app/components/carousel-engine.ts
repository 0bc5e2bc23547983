import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';

/**
 * The scrolling engine behind `Carousel`, in its own chunk: the carousel's markup is server-rendered and usable
 * without it, and a page loads it only when a carousel comes near the viewport or is used.
 */
export function createCarouselEngine(viewport: HTMLElement, autoplayMs: number): EmblaCarouselType {
  return EmblaCarousel(viewport, { align: 'start', slidesToScroll: 'auto', loop: false }, [
    Autoplay({ delay: autoplayMs, stopOnInteraction: true, stopOnMouseEnter: true, playOnInit: false }),
  ]);
}
