// Draws the two demo videos into demo/media from the demo pictures' own scenes (src/demo/pictures.ts), so
// they match their posters: Chromium animates a <canvas> (targets lighting up and being hit, sweeping
// lights, a drifting reticle, a reaction-test scoreboard). The hero WebM is encoded frame by frame with
// WebCodecs (VP9) and muxed here; the gallery MP4 (H.264) is recorded with MediaRecorder, which is the
// only way to get MP4 out of Chromium. No ffmpeg needed.
// Run: node --import tsx scripts/make-demo-videos.ts
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './lib/chromium.ts';
import { containsMarkup } from '../src/server/features/uploads/file-type.ts';
import { CLIPS, FPS, HEIGHT, WIDTH, type Clip } from './demo-videos/clips.ts';
import { PAGE_SCRIPT } from './demo-videos/page-script.ts';
import { muxWebm, type Chunk } from './demo-videos/webm.ts';

const OUT = path.resolve('demo/media');

interface RecordingPage {
  recordClip: (clip: Clip, mimeType: string) => Promise<{ data: string; late: number }>;
  encodeClip: (clip: Clip, codec: string) => Promise<Chunk[]>;
}

const FONT = path.resolve('node_modules/@fontsource/oswald/files/oswald-latin-700-normal.woff2');

const say = (line: string) => process.stdout.write(`${line}\n`);

function save(clip: Clip, video: Buffer, format: string) {
  fs.writeFileSync(path.join(OUT, clip.file), video);
  say(`${clip.file}: ${format}, ${clip.seconds} s, ${Math.round(video.length / 1024)} KB`);
  if (video.length > clip.maxBytes) say(`  over the ${clip.maxBytes / 1000} KB budget`);
}

async function main() {
  const font = fs.readFileSync(FONT).toString('base64');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    // WebCodecs needs a secure context: localhost counts, and the page never leaves the browser.
    await page.route('http://localhost/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><body style="margin:0;background:#000"><canvas id="c" width="${WIDTH}" height="${HEIGHT}"></canvas></body></html>`,
      }),
    );
    await page.goto('http://localhost/');
    await page.evaluate(async (data) => {
      const face = new FontFace('Oswald', `url(data:font/woff2;base64,${data})`, { weight: '700' });
      await face.load();
      document.fonts.add(face);
    }, font);
    await page.addScriptTag({ content: PAGE_SCRIPT });
    for (const clip of CLIPS) {
      if (clip.codec) {
        const codec = clip.codec;
        const supported = await page.evaluate(
          async (config) => (await VideoEncoder.isConfigSupported(config)).supported,
          { codec, width: WIDTH, height: HEIGHT, bitrate: clip.bitsPerSecond, framerate: FPS },
        );
        if (!supported) throw new Error(`This Chromium cannot encode ${codec}`);
      } else {
        const mimeType = await page.evaluate(
          (types) => types.find((type) => MediaRecorder.isTypeSupported(type)),
          clip.mimeTypes,
        );
        if (!mimeType) throw new Error(`This Chromium cannot record any of ${clip.mimeTypes.join(', ')}`);
        clip.mimeTypes = [mimeType];
      }
      for (let attempt = 0; ; attempt++) {
        if (attempt === 8) throw new Error(`No clean take of ${clip.file}`);
        // Encoding is deterministic: a retake needs a slightly different bitrate to change the bytes.
        const take = { ...clip, bitsPerSecond: Math.round(clip.bitsPerSecond * (1 - 0.02 * attempt)) };
        let video: Buffer;
        if (clip.codec) {
          const chunks = await page.evaluate(
            (c) => (window as unknown as RecordingPage).encodeClip(c, c.codec ?? ''),
            take,
          );
          video = muxWebm(chunks, WIDTH, HEIGHT, clip.seconds);
        } else {
          const result = await page.evaluate(
            (c) => (window as unknown as RecordingPage).recordClip(c, c.mimeTypes[0] ?? ''),
            take,
          );
          // Frames drawn late (a busy machine) are recorded late, as a stutter.
          if (result.late > 1) {
            say(`${clip.file}: ${result.late} frames late, recording again`);
            continue;
          }
          video = Buffer.from(result.data, 'base64');
        }
        // The upload endpoint refuses a video whose bytes look like markup (a polyglot): by chance a
        // compressed file can hold "<a " somewhere, and the demo files must upload cleanly in tests.
        if (containsMarkup(video)) {
          say(`${clip.file}: bytes look like markup, encoding again`);
          continue;
        }
        save(clip, video, clip.codec ? `WebM ${clip.codec}` : (clip.mimeTypes[0] ?? ''));
        break;
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
