// The video gallery (categories gallery, demo and promo). A YouTube video shows a local thumbnail (or
// a styled placeholder) and a play button; the youtube-nocookie.com player is only loaded when the
// visitor clicks it, so nothing is requested from YouTube before that. Uploaded videos play in a
// native player that downloads nothing until started. The clips are read from the page data, as the
// section around the island reads them: written into the page once (issue 38).
import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Video } from '#shared/schemas/content.ts';
import { imageWidthFor, mediaUrl, resizedImage, youtubeEmbedUrl, youtubeId } from '../../lib/media.ts';
import { usePageData } from '../page-data-context.tsx';
import { MediaImage } from './ui.tsx';

const GALLERY_VIDEO_CATEGORIES: readonly Video['category'][] = ['gallery', 'demo', 'promo'];

/** The gallery's clips: the videos of the categories above. */
export const galleryClips = (videos: readonly Video[]): Video[] =>
  videos.filter((video) => GALLERY_VIDEO_CATEGORIES.includes(video.category));

export function VideoGallery() {
  const videos = galleryClips(usePageData().videos);
  return (
    <ul className={`grid gap-6 ${videos.length > 1 ? 'md:grid-cols-2' : 'mx-auto max-w-4xl'}`}>
      {videos.map((video) => (
        <li key={video.id} className="overflow-hidden rounded-card border border-white/10 bg-ink-800">
          <div className="relative aspect-video bg-ink-950">
            <VideoPlayer video={video} />
          </div>
          <div className="p-5 sm:p-6">
            <h4 className="font-display text-xl font-bold tracking-wide text-white uppercase">
              {video.title}
            </h4>
            {video.description && <p className="mt-1 text-ink-200">{video.description}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

function VideoPlayer({ video }: { video: Video }) {
  const id = video.video_type === 'youtube' ? youtubeId(video.video_url) : undefined;
  if (id) return <YoutubeVideo id={id} title={video.title} thumbnail={video.thumbnail_url} />;
  if (video.video_type === 'youtube') {
    // A YouTube link we cannot embed: send the visitor there instead.
    return (
      <a
        href={video.video_url}
        target="_blank"
        rel="noopener"
        className="absolute inset-0 grid place-items-center text-white"
        data-track="video-open-youtube"
      >
        <PlayBadge />
        <span className="sr-only">Watch {video.title} on YouTube (opens in a new tab)</span>
      </a>
    );
  }
  return <UploadedVideo video={video} />;
}

/**
 * An uploaded clip in the browser's own player. Its still is set once the island is live, near the
 * screen, at the player's size on this screen: written into the page, a `<video poster>` is fetched
 * with the page wherever the player is, and competed with the hero picture (decision 0493). Without
 * script the player shows no still; it plays all the same.
 */
function UploadedVideo({ video }: { video: Video }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [poster, setPoster] = useState<string>();
  const thumbnail = video.thumbnail_url;
  useEffect(() => {
    const player = ref.current;
    if (!thumbnail || !player) return;
    setPoster(resizedImage(thumbnail, imageWidthFor(player.clientWidth * window.devicePixelRatio)));
  }, [thumbnail]);
  return (
    <video
      ref={ref}
      controls
      preload="none"
      playsInline
      poster={poster}
      className="absolute inset-0 size-full object-cover"
      aria-label={video.title}
    >
      <source
        src={mediaUrl(video.video_url)}
        type={video.video_url.endsWith('.webm') ? 'video/webm' : 'video/mp4'}
      />
    </video>
  );
}

function YoutubeVideo({ id, title, thumbnail }: { id: string; title: string; thumbnail: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={youtubeEmbedUrl(id)}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="absolute inset-0 size-full border-0"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      data-track="video-play-youtube"
      className="group absolute inset-0 grid place-items-center text-white focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-accent-400"
    >
      {thumbnail ? (
        <MediaImage
          src={thumbnail}
          alt=""
          width={1280}
          height={720}
          sizes="(min-width: 768px) 50vw, 100vw"
          className="absolute inset-0 size-full object-cover opacity-80 transition group-hover:opacity-100"
        />
      ) : (
        <span aria-hidden="true" className="hero-pattern absolute inset-0" />
      )}
      <PlayBadge />
      <span className="sr-only">Play video: {title}</span>
    </button>
  );
}

function PlayBadge() {
  return (
    <span
      aria-hidden="true"
      className="relative grid size-20 place-items-center rounded-full bg-accent-600 shadow-glow transition motion-safe:group-hover:scale-110"
    >
      <Play className="ml-1 size-9 fill-current" />
    </span>
  );
}
