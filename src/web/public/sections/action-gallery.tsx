// 'SEE THE RANGE IN ACTION': the photo carousel (gallery section action-gallery), then the videos.
// Both islands read their photos and clips from the page data, so they are in the page once.
import { Island } from '../islands/island.tsx';
import { usePageData } from '../page-data-context.tsx';
import { carouselImages } from './action-carousel.tsx';
import { Section, SectionHeading } from './ui.tsx';
import { galleryClips } from './video-gallery.tsx';

export function ActionGallery() {
  const { gallery, videos } = usePageData();
  const images = carouselImages(gallery);
  const clips = galleryClips(videos);
  return (
    // The carousel measures its slides whenever the window is resized (action-carousel.tsx).
    <Section name="action-gallery" labelledBy="action-heading" className="bg-ink-950" drawnOffScreen>
      <SectionHeading
        id="action-heading"
        eyebrow="Gallery"
        intro="Real events, real crowds, real competition. Tap a photo to see it full size."
      >
        SEE THE RANGE IN ACTION
      </SectionHeading>
      {images.length > 0 ? (
        <Island name="action-carousel" />
      ) : (
        <p className="text-ink-200">Photos from our latest events are on their way.</p>
      )}
      {clips.length > 0 && (
        // The players are drawn only near the screen, like the sections (styles.css .below-fold).
        <div className="below-fold mt-16 [contain-intrinsic-size:auto_40rem]">
          <h3 className="mb-6 font-display text-3xl font-bold text-white uppercase">Watch the range</h3>
          <Island name="video-gallery" />
        </div>
      )}
    </Section>
  );
}
