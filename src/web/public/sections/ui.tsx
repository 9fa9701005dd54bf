// Building blocks the landing sections share: the section frame (anchor, data-section for the
// trackers, one spacing scale, rendered only near the screen: styles.css .below-fold), the heading
// style, images with responsive sources, CTA links.
import type { ReactNode } from 'react';
import type { GalleryImage } from '#shared/schemas/content.ts';
import { mediaUrl, responsiveSrcSet } from '../../lib/media.ts';

export function Section({
  name,
  id,
  labelledBy,
  className = '',
  drawnOffScreen = false,
  children,
}: {
  /** Stable name the trackers report (docs/product.md#tracking). */
  name: string;
  id?: string;
  labelledBy: string;
  className?: string;
  /**
   * Kept up to date while off screen: for a section whose script measures it at any time (a skipped
   * section's styles are brought up to date only when it is drawn, so a measure after a resize
   * would be stale).
   */
  drawnOffScreen?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      data-section={name}
      id={id}
      aria-labelledby={labelledBy}
      className={`${drawnOffScreen ? '' : 'below-fold '}py-16 sm:py-24 ${className}`}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  children,
  intro,
  align = 'left',
}: {
  id: string;
  eyebrow?: string;
  children: ReactNode;
  intro?: ReactNode;
  align?: 'left' | 'center';
}) {
  const centred = align === 'center';
  return (
    <div className={`mb-10 max-w-3xl sm:mb-14 ${centred ? 'mx-auto text-center' : ''}`}>
      {eyebrow && (
        <p
          className={`mb-3 flex items-center gap-3 text-sm font-semibold tracking-[0.2em] text-accent-400 uppercase ${centred ? 'justify-center' : ''}`}
        >
          <span aria-hidden="true" className="h-0.5 w-8 bg-accent-500" />
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className="font-display text-4xl leading-none font-bold text-white uppercase sm:text-5xl lg:text-6xl"
      >
        {children}
      </h2>
      {intro && <p className="mt-5 text-lg text-ink-200">{intro}</p>}
    </div>
  );
}

/**
 * An uploaded picture with the server's resized copies. Width and height give the browser the aspect
 * ratio before the file arrives (no layout shift); the slot's CSS aspect ratio and object-cover keep
 * uploads of any other shape tidy.
 */
export function MediaImage({
  src,
  alt,
  width,
  height,
  sizes,
  className = '',
  priority = false,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  className?: string;
  /** The LCP image: fetched first, never lazy. */
  priority?: boolean;
}) {
  return (
    <img
      src={mediaUrl(src)}
      srcSet={responsiveSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}

/** A section's gallery photo beside its text: a wide 3:2 slot on a phone, 4:5 in the side column. */
export function SidePhoto({ image, className = '' }: { image: GalleryImage; className?: string }) {
  return (
    <MediaImage
      src={image.image_url}
      alt={image.alt_text || image.title}
      width={1200}
      height={800}
      sizes="(min-width: 1024px) 40vw, 100vw"
      className={`aspect-[3/2] w-full object-cover lg:aspect-[4/5] ${className}`.trim()}
    />
  );
}

const CTA_VARIANTS = {
  primary: 'bg-accent-600 text-white shadow-glow hover:bg-accent-700 focus-visible:outline-accent-400',
  outline:
    'border-2 border-white/80 text-white hover:border-white hover:bg-white/10 focus-visible:outline-white',
  light: 'bg-white text-ink-950 hover:bg-ink-100 focus-visible:outline-white',
} as const;

/** A call-to-action link styled as a button (works without JavaScript: it is a real link). */
export function CtaLink({
  href,
  track,
  variant = 'primary',
  children,
  className = '',
}: {
  href: string;
  /** The stable label the click tracker reports. */
  track: string;
  variant?: keyof typeof CTA_VARIANTS;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={href}
      data-track={track}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-6 font-display text-lg font-semibold tracking-wider uppercase transition focus-visible:outline-2 focus-visible:outline-offset-2 motion-safe:hover:-translate-y-0.5 ${CTA_VARIANTS[variant]} ${className}`}
    >
      {children}
    </a>
  );
}
