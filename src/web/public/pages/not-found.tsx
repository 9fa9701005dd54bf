// The 404 page (the server answers it with status 404): same header and footer, a friendly way back.
import { Crosshair } from 'lucide-react';
import { SiteFooter } from '../sections/footer.tsx';
import { SiteHeader } from '../sections/header.tsx';
import { CtaLink } from '../sections/ui.tsx';

export function NotFoundPage() {
  return (
    <>
      <SiteHeader onHomePage={false} />
      <main id="main" className="relative isolate overflow-hidden bg-ink-950">
        <div aria-hidden="true" className="hero-pattern absolute inset-0 -z-10 opacity-60" />
        <div className="mx-auto flex min-h-[70svh] max-w-3xl flex-col items-center justify-center px-4 py-20 text-center">
          <Crosshair aria-hidden="true" className="size-16 text-accent-400" strokeWidth={1.5} />
          <p className="mt-6 font-display text-8xl leading-none font-bold text-white sm:text-9xl">404</p>
          <h1 className="mt-4 font-display text-4xl font-bold text-white uppercase sm:text-5xl">
            Missed the target
          </h1>
          <p className="mt-4 max-w-xl text-lg text-ink-200">
            The page you were looking for is not here. It may have moved, or the link may be mistyped. Head
            back to the home page for events, game modes and bookings.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <CtaLink href="/" track="not-found-home">
              Back to Home
            </CtaLink>
            <CtaLink href="/#contact" track="not-found-contact" variant="outline">
              Contact us
            </CtaLink>
          </div>
        </div>
      </main>
      <SiteFooter onHomePage={false} />
    </>
  );
}
