// The action-gallery carousel (docs/product.md#constants): 1 slide below 768 px, 2 below 1024, 3 below 1280,
// 4 above. The slide widths are plain CSS, so the server's markup already has its final layout (and, without
// JavaScript, scrolls sideways); embla only adds dragging, the arrows and autoplay once hydrated. A click
// enlarges the picture in a lightbox that is downloaded on first use. The photos are read from the page
// data, as the section around the island reads them: written into the page once (issue 38).
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Maximize2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { GalleryImage } from '#shared/schemas/content.ts';
import { usePageData } from '../page-data-context.tsx';
import { MediaImage } from './ui.tsx';

/** The carousel re-measures at most every 50 ms while the window is resized. */
export const CAROUSEL_RESIZE_DEBOUNCE_MS = 50;
/** Autoplay adds 50 ms to the configured speed. */
const AUTOPLAY_SPEED_MS = 4000;
export const AUTOPLAY_DELAY_MS = AUTOPLAY_SPEED_MS + 50;

const GalleryLightbox = lazy(() => import('./gallery-lightbox.tsx'));

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Autoplay, unless the visitor prefers reduced motion. */
const autoplayPlugins = () =>
  reducedMotion()
    ? []
    : [
        Autoplay({
          delay: AUTOPLAY_DELAY_MS,
          stopOnInteraction: false,
          stopOnMouseEnter: true,
          stopOnFocusIn: true,
          // Hovering the arrows counts as hovering the carousel.
          rootNode: (viewport) => viewport.parentElement ?? viewport,
        }),
      ];

const ARROW =
  'grid size-12 place-items-center rounded-full border border-white/20 bg-ink-800 text-white transition hover:border-accent-400 hover:bg-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-white/20 disabled:hover:bg-ink-800';

/**
 * Once embla runs (after hydration): whether it has taken over the scrolling, and whether there is
 * anything to scroll back or on to; it re-measures after the window is resized.
 */
function useCarouselState(embla: UseEmblaCarouselType[1], count: number) {
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(count > 1);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    update();
    embla.on('select', update).on('reInit', update);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => embla.reInit(), CAROUSEL_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  return { ready: embla !== undefined, canPrev, canNext };
}

/** The carousel's photos: the gallery's action-gallery section. */
export const carouselImages = (gallery: readonly GalleryImage[]): GalleryImage[] =>
  gallery.filter((image) => image.section === 'action-gallery');

export function ActionCarousel() {
  const images = carouselImages(usePageData().gallery);
  // Chosen once on the client (the server renders no carousel behaviour at all).
  const [plugins] = useState(autoplayPlugins);
  const [viewportRef, embla] = useEmblaCarousel(
    { align: 'start', loop: images.length > 4, watchResize: false },
    plugins,
  );
  const { ready, canPrev, canNext } = useCarouselState(embla, images.length);
  const [openIndex, setOpenIndex] = useState(-1);

  const scrollPrev = useCallback(() => embla?.scrollPrev(), [embla]);
  const scrollNext = useCallback(() => embla?.scrollNext(), [embla]);
  const close = useCallback(() => setOpenIndex(-1), []);

  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label="Photos of the range">
      <div
        ref={viewportRef}
        className={ready ? 'overflow-hidden' : 'snap-x snap-mandatory overflow-x-auto [scrollbar-width:none]'}
      >
        {/* The space between slides is each slide's left padding (the first one's hidden by the list's
            negative margin), not the list's gap: embla's loop does not count a gap, and the slide that
            wrapped round touched its neighbour. */}
        <ul className="-ml-4 flex touch-pan-y">
          {images.map((image, index) => (
            <Slide
              key={image.id}
              image={image}
              label={`${index + 1} of ${images.length}`}
              onEnlarge={() => setOpenIndex(index)}
            />
          ))}
        </ul>
      </div>
      {images.length > 1 && (
        <Arrows canPrev={canPrev} canNext={canNext} onPrev={scrollPrev} onNext={scrollNext} />
      )}
      {openIndex >= 0 && (
        <Suspense fallback={null}>
          <GalleryLightbox images={images} index={openIndex} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

/** One photo, a button that enlarges it; `label` is its place in the carousel ('2 of 7'). */
function Slide({ image, label, onEnlarge }: { image: GalleryImage; label: string; onEnlarge: () => void }) {
  return (
    <li
      aria-roledescription="slide"
      aria-label={label}
      className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/2 lg:basis-1/3 xl:basis-1/4"
    >
      <button
        type="button"
        onClick={onEnlarge}
        data-track="gallery-enlarge"
        className="group relative block w-full snap-start overflow-hidden rounded-card border border-white/10 bg-ink-800 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
      >
        <MediaImage
          src={image.image_url}
          alt={image.alt_text || image.title}
          width={1200}
          height={900}
          sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
          className="aspect-[4/3] w-full object-cover transition duration-500 motion-safe:group-hover:scale-105"
        />
        <span className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-ink-950/90 to-transparent p-4 pt-12">
          <span className="font-display text-lg font-semibold tracking-wide text-white uppercase">
            {image.title}
          </span>
          <Maximize2 aria-hidden="true" className="size-5 shrink-0 text-accent-300" />
        </span>
        <span className="sr-only">(enlarge)</span>
      </button>
    </li>
  );
}

/** The previous and next buttons, each disabled when there is nothing more that way. */
function Arrows({
  canPrev,
  canNext,
  onPrev,
  onNext,
}: {
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
}) {
  return (
    <div className="mt-6 flex justify-end gap-3">
      <button
        type="button"
        className={ARROW}
        onClick={onPrev}
        disabled={!canPrev}
        aria-label="Previous photos"
      >
        <ChevronLeft aria-hidden="true" className="size-6" />
      </button>
      <button type="button" className={ARROW} onClick={onNext} disabled={!canNext} aria-label="Next photos">
        <ChevronRight aria-hidden="true" className="size-6" />
      </button>
    </div>
  );
}
