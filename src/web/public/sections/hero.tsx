// The hero (docs/product.md#landing-page): the headline and two buttons over the hero video (category hero)
// or picture (gallery section hero). The still picture is always in the markup and is the page's LCP element;
// the video (an island, hero-video.tsx) only starts after the page has loaded, never with
// prefers-reduced-motion or on a phone's narrow screen (the CSS hides it too, so the server's markup is right
// before any script runs).
import { Island } from '../islands/island.tsx';
import { usePageData } from '../page-data-context.tsx';
import { heroVideo } from './hero-video.tsx';
import { CtaLink, MediaImage } from './ui.tsx';

export function Hero() {
  const { videos, gallery } = usePageData();
  const video = heroVideo(videos);
  const heroImage = gallery.find((g) => g.section === 'hero');
  const still = video?.thumbnail_url
    ? { url: video.thumbnail_url, alt: video.title }
    : heroImage && { url: heroImage.image_url, alt: heroImage.alt_text || heroImage.title };

  return (
    <section
      id="top"
      data-section="hero"
      aria-labelledby="hero-heading"
      className="relative isolate flex min-h-[calc(100svh-4rem)] items-end overflow-hidden bg-ink-950 sm:min-h-[min(52rem,calc(100svh-4rem))]"
    >
      {still ? (
        <MediaImage
          src={still.url}
          alt={still.alt}
          width={1920}
          height={1080}
          sizes="100vw"
          priority
          className="absolute inset-0 -z-30 size-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="hero-pattern absolute inset-0 -z-30" />
      )}
      {video && <Island name="hero-video" />}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-ink-950 via-ink-950/55 to-ink-950/10"
      />
      <div
        aria-hidden="true"
        className="absolute inset-y-0 left-0 -z-10 w-full bg-gradient-to-r from-ink-950/70 to-transparent lg:w-2/3"
      />

      <div className="mx-auto w-full max-w-7xl px-4 pt-24 pb-14 sm:px-6 sm:pb-20 lg:px-8 lg:pb-24">
        {/* One line on every screen: phones get the short wording (the long one needs ~430 px). */}
        <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-accent-400/40 bg-ink-950/60 px-3 py-1 text-xs font-semibold tracking-[0.14em] whitespace-nowrap text-accent-300 uppercase sm:text-sm sm:tracking-[0.2em]">
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-accent-500" />
          <span className="sm:hidden">Mobile target range · UK-wide</span>
          <span className="hidden sm:inline">Mobile interactive target range · UK-wide</span>
        </p>
        <h1
          id="hero-heading"
          className="max-w-4xl font-display text-display font-bold text-white uppercase [text-wrap:balance]"
        >
          LOCK IN. TAKE AIM. <span className="text-accent-400">EXPERIENCE THE THRILL.</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-ink-100 sm:text-xl">
          A fully staffed, fully insured airsoft target range that comes to you — festivals, corporate days
          and private parties, with live scoring and seven game modes for every age and ability.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:gap-4">
          <CtaLink href="#contact" track="hero-book-the-range">
            BOOK THE RANGE
          </CtaLink>
          <CtaLink href="#events" track="hero-see-next-events" variant="outline">
            SEE NEXT EVENTS
          </CtaLink>
        </div>
      </div>
    </section>
  );
}
