// The legal pages open at the top (a reload or a return keeps no scroll position), unless the address names a
// place on the page (docs/product.md#legal-pages). An island without markup (legal-layout.tsx).
import { useEffect } from 'react';

export function OpensAtTop() {
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, []);
  return null;
}
