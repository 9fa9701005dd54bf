// The click-to-enlarge view of the action gallery, in its own chunk: downloaded on the first click,
// so it costs the landing page nothing. Arrow keys, Escape and swipe come with the lightbox.
import Lightbox from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import type { GalleryImage } from '#shared/schemas/content.ts';
import { mediaUrl, resizedImage, responsiveSrcSet } from '../../lib/media.ts';

export default function GalleryLightbox({
  images,
  index,
  onClose,
}: {
  images: GalleryImage[];
  index: number;
  onClose: () => void;
}) {
  const slides = images.map((image) => ({
    src: responsiveSrcSet(image.image_url) ? resizedImage(image.image_url, 1920) : mediaUrl(image.image_url),
    alt: image.alt_text || image.title,
  }));
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      slides={slides}
      controller={{ closeOnBackdropClick: true }}
      carousel={{ finite: images.length <= 2 }}
      labels={{ Close: 'Close', Previous: 'Previous photo', Next: 'Next photo', Lightbox: 'Enlarged photos' }}
    />
  );
}
