// The web manifest: the name and icons a phone installs the site with. Linked by the page's script
// once the hero picture is painted, not written into the page: Chrome fetches a linked manifest with
// the page, and on a new connection of its own it came before the hero picture (decision 0493).
// Nothing reads it before a visitor chooses to install the site.
export const WEB_MANIFEST_URL = '/manifest.webmanifest';

export function linkWebManifest(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_MANIFEST_URL;
  doc.head.append(link);
}
