// The hero's video (category hero, an upload): an island of its own (islands/islands.ts) over the
// still picture. It starts once the page has loaded, so it never competes with the hero picture;
// never with prefers-reduced-motion or Save-Data, and not on a phone's narrow screen (issue 27,
// decision 0439): there the still picture stays — a portrait crop of a landscape clip, which would
// cost a phone its download and a decoder running for as long as the hero is on screen. The video is
// read from the page data, as the hero around the island reads it.
import { useEffect, useRef, useState } from 'react';
import type { Video } from '#shared/schemas/content.ts';
import { usePageData } from '../page-data-context.tsx';

/** When the still picture is shown instead (styles.css hides the video the same way). */
export const STILL_HERO = '(prefers-reduced-motion: reduce), (width < 48rem)';

/** The hero's video: the first uploaded one of category hero (a YouTube link cannot loop behind it). */
export const heroVideo = (videos: readonly Video[]): Video | undefined =>
  videos.find((video) => video.category === 'hero' && video.video_type === 'upload');

export function HeroVideo() {
  const video = heroVideo(usePageData().videos);
  return video ? <LoopingVideo src={video.video_url} /> : null;
}

// No poster: the video is transparent until it plays, over the hero's own picture, so a poster would
// never be seen, only fetched with the page (decision 0493).
function LoopingVideo({ src }: { src: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const still = window.matchMedia(STILL_HERO);
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
    if (saveData) return;
    // Started once the page has loaded, so the video never competes with the hero picture.
    const start = () => {
      if (!still.matches) video.play().catch(() => undefined);
    };
    // Turned to landscape, or the visitor's motion setting changed.
    const onChange = () => (still.matches ? video.pause() : start());
    still.addEventListener('change', onChange);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      still.removeEventListener('change', onChange);
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
      aria-hidden="true"
      tabIndex={-1}
      onPlaying={() => setPlaying(true)}
      className={`hero-video absolute inset-0 -z-20 size-full object-cover transition-opacity duration-1000 ${playing ? 'opacity-100' : 'opacity-0'}`}
    >
      <source src={src} type={src.endsWith('.webm') ? 'video/webm' : 'video/mp4'} />
    </video>
  );
}
