// The server's copy of every island component (the browser fetches each through islands.ts when it
// hydrates): the server renders each island's markup from these.
import { ToastHost } from '../../components/toast.tsx';
import { ConsentRoot } from '../consent/consent-root.tsx';
import { CookieSettingsButton } from '../consent/cookie-settings-button.tsx';
import { EnquiryForm } from '../enquiry-form/enquiry-form.tsx';
import { OpensAtTop } from '../pages/opens-at-top.tsx';
import { ActionCarousel } from '../sections/action-carousel.tsx';
import { HeroVideo } from '../sections/hero-video.tsx';
import { NextEvents } from '../sections/next-events.tsx';
import { VideoGallery } from '../sections/video-gallery.tsx';
import type { IslandComponent, IslandName } from './islands.ts';

export const ISLAND_COMPONENTS: { [N in IslandName]: IslandComponent<N> } = {
  consent: ConsentRoot,
  toasts: ToastHost,
  'cookie-settings': CookieSettingsButton,
  'hero-video': HeroVideo,
  'opens-at-top': OpensAtTop,
  'next-events': NextEvents,
  'action-carousel': ActionCarousel,
  'video-gallery': VideoGallery,
  'enquiry-form': EnquiryForm,
};
