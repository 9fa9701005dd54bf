// The hero's video (category hero, an upload): an island of its own (islands/islands.ts) over the
// still picture. It starts once the page has loaded, so it never competes with the hero picture;
// never with prefers-reduced-motion or Save-Data.
import { useEffect, useRef, useState } from 'react';
import { resizedImage } from '../../lib/media.ts';

export function HeroVideo({ src, poster }: { src: string; poster: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
    if (saveData) return;
    // Started once the page has loaded, so the video never competes with the hero picture.
    const start = () => {
      if (!motion.matches) video.play().catch(() => undefined);
    };
    const onMotionChange = () => (motion.matches ? video.pause() : start());
    motion.addEventListener('change', onMotionChange);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      motion.removeEventListener('change', onMotionChange);
      window.removeEventListener('load', start);
    };
  }, []);

  return (
    <video
      ref={ref}
      muted
      loop
      playsInline
      preload="none"
      poster={poster ? resizedImage(poster, 960) : undefined}
      aria-hidden="true"
      tabIndex={-1}
      onPlaying={() => setPlaying(true)}
      className={`hero-video absolute inset-0 -z-20 size-full object-cover transition-opacity duration-1000 ${playing ? 'opacity-100' : 'opacity-0'}`}
    >
      <source src={src} type={src.endsWith('.webm') ? 'video/webm' : 'video/mp4'} />
    </video>
  );
}
