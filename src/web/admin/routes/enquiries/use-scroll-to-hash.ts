// A link to one enquiry (#enquiry-12, from its booking) scrolls to its card once the list has loaded:
// the browser's own jump happened before the cards were there.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useScrollToHash(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
}
