// The click-to-enlarge view of the action gallery, in its own chunk: downloaded on the first click,
// so it costs the landing page nothing. Arrow keys, Escape and swipe come with the lightbox; the
// captions and counter plugins (same chunk) show each photo's title as a caption under it and where
// it is, '3 of 6', at the top (the counter is visual: each slide is already labelled '3 of 6' for
// screen readers).
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import type { GalleryImage } from '#shared/schemas/content.ts';
import { mediaUrl, resizedImage, responsiveSrcSet } from '../../lib/media.ts';

const PLUGINS = [Captions, Counter];

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
    // The captions plugin's description sits at the bottom, where a caption belongs (its title would
    // share the top-left corner with the counter).
    description: image.title || undefined,
  }));
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      slides={slides}
      plugins={PLUGINS}
      counter={{ separator: 'of' }}
      captions={{ showToggle: false, descriptionTextAlign: 'start' }}
      controller={{ closeOnBackdropClick: true }}
      carousel={{ finite: images.length <= 2 }}
      labels={{ Close: 'Close', Previous: 'Previous photo', Next: 'Next photo', Lightbox: 'Enlarged photos' }}
    />
  );
}
