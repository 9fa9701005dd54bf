// A list thumbnail of an uploaded image: the server's smallest copy via srcset, not the original.
import { ImageOff } from 'lucide-react';
import { responsiveSrcSet } from '../../../lib/media.ts';

const THUMB_WIDTHS = [320] as const;

export function Thumbnail({
  url,
  fit = 'cover',
  dark = false,
}: {
  url: string;
  fit?: 'cover' | 'contain';
  /** Partner logos are drawn for the dark website: show them on dark too. */
  dark?: boolean;
}) {
  if (!url)
    return (
      <span className="flex size-full items-center justify-center text-ink-500">
        <ImageOff className="size-6" aria-hidden="true" />
      </span>
    );
  return (
    <img
      src={url}
      srcSet={responsiveSrcSet(url, THUMB_WIDTHS)}
      sizes="96px"
      alt=""
      loading="lazy"
      className={`size-full ${fit === 'cover' ? 'object-cover' : 'object-contain p-1'} ${dark ? 'bg-ink-900' : ''}`}
    />
  );
}
