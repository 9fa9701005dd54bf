import { describe, expect, it } from 'vitest';
import { responsiveSrcSet } from './media.ts';

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
