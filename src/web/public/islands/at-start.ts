// The islands hydrated at start (islands.ts), in one chunk: the consent banner and its 'Cookie
// settings' button, the toasts other islands show, the hero video and the legal pages' scroll to top.
export { ConsentRoot } from '../consent/consent-root.tsx';
export { CookieSettingsButton } from '../consent/cookie-settings-button.tsx';
export { ToastHost } from '../../components/toast.tsx';
export { HeroVideo } from '../sections/hero-video.tsx';
export { OpensAtTop } from '../pages/opens-at-top.tsx';
