// The landing page: its thirteen sections, in order (docs/product.md#landing-page).
import { Island } from '../islands/island.tsx';
import { ActionGallery } from '../sections/action-gallery.tsx';
import { Badges } from '../sections/badges.tsx';
import { Contact } from '../sections/contact.tsx';
import { Corporate } from '../sections/corporate.tsx';
import { Deliver } from '../sections/deliver.tsx';
import { SiteFooter } from '../sections/footer.tsx';
import { GameModes } from '../sections/game-modes.tsx';
import { SiteHeader } from '../sections/header.tsx';
import { Hero } from '../sections/hero.tsx';
import { PartnerLogos } from '../sections/partner-logos.tsx';
import { Testimonials } from '../sections/testimonials.tsx';
import { WhyChoose } from '../sections/why-choose.tsx';

export function LandingPage() {
  return (
    <>
      <SiteHeader onHomePage />
      <main id="main">
        <Hero />
        <Island name="next-events" />
        <WhyChoose />
        <GameModes />
        <ActionGallery />
        <Deliver />
        <Corporate />
        <Testimonials />
        <Contact />
        <Badges />
        <PartnerLogos />
      </main>
      <SiteFooter onHomePage />
    </>
  );
}
