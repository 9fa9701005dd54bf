// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { linkWebManifest, WEB_MANIFEST_URL } from './web-manifest.ts';

it('links the web manifest once, however often it is asked', () => {
  linkWebManifest();
  linkWebManifest();
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
  expect(links).toHaveLength(1);
  expect(links[0]!.getAttribute('href')).toBe(WEB_MANIFEST_URL);
});
