// The two demo clips: their files, scenes, lengths, codecs and budgets, and where the picture's scene
// lands in the frame.
import { videoSceneSvg } from '../../src/demo/pictures.ts';

export const FPS = 30;
export const WIDTH = 1280;
export const HEIGHT = 720;

export interface Clip {
  file: string;
  /** Which animation the page runs. */
  scene: 'hero' | 'reaction';
  seconds: number;
  /** WebCodecs codec of a WebM clip, encoded frame by frame. */
  codec?: string;
  /** MediaRecorder types of an MP4 clip, recorded in real time, best first. */
  mimeTypes: string[];
  bitsPerSecond: number;
  maxBytes: number;
  /** Where the 1200×800 scene lands on the 1280×720 frame. */
  scale: number;
  offsetX: number;
  offsetY: number;
  layers: { back: string; front: string };
}

// The hero covers the frame like the poster (object-fit: cover); the reaction wall is drawn a little
// smaller, low in the frame, leaving a band at the top for the scoreboard.
const HERO_SCALE = Math.max(WIDTH / 1200, HEIGHT / 800);
const REACTION_SCALE = 0.9;

export const CLIPS: Clip[] = [
  {
    file: 'hero-range.webm',
    scene: 'hero',
    // Six 1.2 s target slots: the last frame runs straight into the first.
    seconds: 7.2,
    codec: 'vp09.00.31.08',
    mimeTypes: [],
    bitsPerSecond: 560_000,
    maxBytes: 600_000,
    scale: HERO_SCALE,
    offsetX: (WIDTH - 1200 * HERO_SCALE) / 2,
    offsetY: (HEIGHT - 800 * HERO_SCALE) / 2,
    layers: videoSceneSvg('range', {
      file: 'demo-video-hero-poster.jpg',
      seed: 53,
      width: Math.round(1200 * HERO_SCALE),
    }),
  },
  {
    // MP4 (H.264) rather than WebM: a gallery clip is played on demand on any phone, older iPhones
    // included, and the upload tests use this file as their real MP4.
    file: 'demo-targets.mp4',
    scene: 'reaction',
    seconds: 9.6,
    mimeTypes: ['video/mp4;codecs=avc1.640028', 'video/mp4;codecs=avc1.42E01F'],
    bitsPerSecond: 1_450_000,
    maxBytes: 900_000,
    scale: REACTION_SCALE,
    offsetX: (WIDTH - 1200 * REACTION_SCALE) / 2,
    offsetY: 55,
    layers: videoSceneSvg('reaction', {
      file: 'demo-video-demo-poster.jpg',
      seed: 59,
      width: Math.round(1200 * REACTION_SCALE),
    }),
  },
];
