import { describe, expect, it } from 'vitest';
import {
  absoluteMediaUrl,
  imageWidthFor,
  mediaUrl,
  resizedImage,
  responsiveSrcSet,
  youtubeId,
} from './media.ts';

describe('responsiveSrcSet', () => {
  it('lists the resized copies of an uploaded image', () => {
    expect(responsiveSrcSet('/uploads/abc_1-x.jpg', [320, 640])).toBe(
      '/uploads/w/320/abc_1-x.jpg 320w, /uploads/w/640/abc_1-x.jpg 640w',
    );
  });

  it('leaves external URLs, videos and odd paths alone', () => {
    for (const url of ['https://cdn.example.com/a.jpg', '/uploads/clip.mp4', '/uploads/../x.jpg', '']) {
      expect(responsiveSrcSet(url)).toBeUndefined();
    }
  });
});

describe('imageWidthFor', () => {
  it('picks the narrowest copy that covers the player on this screen, or the widest there is', () => {
    // A phone's player: 358 CSS pixels at 1.75 device pixels each.
    expect(imageWidthFor(358 * 1.75)).toBe(640);
    expect(imageWidthFor(640)).toBe(640);
    expect(imageWidthFor(641)).toBe(960);
    expect(imageWidthFor(0)).toBe(320);
    expect(imageWidthFor(5000)).toBe(1920);
  });
});

describe('mediaUrl and youtubeId', () => {
  it('keeps absolute and root-relative URLs, roots bare paths', () => {
    expect(mediaUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(mediaUrl('/uploads/a.jpg')).toBe('/uploads/a.jpg');
    expect(mediaUrl('uploads/a.jpg')).toBe('/uploads/a.jpg');
    expect(absoluteMediaUrl('/uploads/a.jpg', 'https://range.example/')).toBe(
      'https://range.example/uploads/a.jpg',
    );
    expect(resizedImage('/uploads/a.jpg', 960)).toBe('/uploads/w/960/a.jpg');
  });

  it('finds the id in every YouTube link form', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ])
      expect(youtubeId(url), url).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://example.com/watch?v=dQw4w9WgXcQ')).toBeUndefined();
    expect(youtubeId('not a url')).toBeUndefined();
  });
});
