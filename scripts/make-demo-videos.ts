// Draws the two demo videos into demo/media from the demo pictures' own scenes (src/demo/pictures.ts), so
// they match their posters: Chromium animates a <canvas> (targets lighting up and being hit, sweeping
// lights, a drifting reticle, a reaction-test scoreboard). The hero WebM is encoded frame by frame with
// WebCodecs (VP9) and muxed here; the gallery MP4 (H.264) is recorded with MediaRecorder, which is the
// only way to get MP4 out of Chromium. No ffmpeg needed.
// Run: node --import tsx scripts/make-demo-videos.ts
import fs from 'node:fs';
import path from 'node:path';
import { videoSceneSvg } from '../src/demo/pictures.ts';
import { launchBrowser } from './lib/chromium.ts';
import { containsMarkup } from '../src/server/features/uploads/file-type.ts';

const OUT = path.resolve('demo/media');
const FPS = 30;
const WIDTH = 1280;
const HEIGHT = 720;

interface Clip {
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

const CLIPS: Clip[] = [
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

interface RecordingPage {
  recordClip: (clip: Clip, mimeType: string) => Promise<{ data: string; late: number }>;
  encodeClip: (clip: Clip, codec: string) => Promise<Chunk[]>;
}

const FONT = path.resolve('node_modules/@fontsource/oswald/files/oswald-latin-700-normal.woff2');

// The page's code is plain browser JavaScript in a string: functions handed to page.evaluate would be
// rewritten by the TypeScript loader with helpers the page does not have.
const PAGE_SCRIPT = String.raw`
const W = 1280, H = 720, FPS = 30;
const ORANGE = '255,106,0', ORANGE_LIGHT = '255,178,122', BONE = '232,236,226', INK = '9,11,7';
const rgba = (rgb, a) => 'rgba(' + rgb + ',' + Math.max(0, Math.min(1, a)).toFixed(3) + ')';
const clamp01 = (x) => Math.max(0, Math.min(1, x));
const smooth = (x) => { x = clamp01(x); return x * x * (3 - 2 * x); };
const mod = (a, n) => ((a % n) + n) % n;
const TAU = Math.PI * 2;

function random(seed) {
  let s = seed;
  return () => { s = (s * 16807) % 2147483647; return (s - 1) / 2147483646; };
}

function loadImage(svg) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = reject;
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  });
}

function canvas(w, h) {
  const c = document.createElement('canvas');
  c.width = w; c.height = h;
  return c;
}

async function layer(svg, clip) {
  const img = await loadImage(svg);
  const c = canvas(W, H);
  c.getContext('2d').drawImage(img, clip.offsetX, clip.offsetY, 1200 * clip.scale, 800 * clip.scale);
  return c;
}

// The pictures' vignette (an elliptical radial gradient), over the whole frame.
function vignette(strength) {
  const c = canvas(W, H);
  const ctx = c.getContext('2d');
  ctx.setTransform(1, 0, 0, H / W, 0, 0);
  const g = ctx.createRadialGradient(W / 2, W / 2, 0, W / 2, W / 2, W * 0.75);
  g.addColorStop(0.6, rgba(INK, 0));
  g.addColorStop(1, rgba(INK, strength));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, W);
  return c;
}

// A soft light beam pointing down from (0,0) of the sprite's top centre, pre-blurred once.
function beamSprite() {
  const c = canvas(700, 1100);
  const ctx = c.getContext('2d');
  ctx.filter = 'blur(18px)';
  const g = ctx.createLinearGradient(0, 40, 0, 1060);
  g.addColorStop(0, 'rgba(255,244,230,0.55)');
  g.addColorStop(0.45, 'rgba(255,236,214,0.18)');
  g.addColorStop(1, 'rgba(255,236,214,0)');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.moveTo(335, 40); ctx.lineTo(365, 40); ctx.lineTo(640, 1060); ctx.lineTo(60, 1060);
  ctx.closePath();
  ctx.fill();
  return c;
}

function glow(ctx, x, y, r, alpha) {
  if (alpha <= 0.002) return;
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, rgba(ORANGE, 0.75 * alpha));
  g.addColorStop(0.35, rgba(ORANGE, 0.32 * alpha));
  g.addColorStop(1, rgba(ORANGE, 0));
  ctx.fillStyle = g;
  ctx.beginPath(); ctx.arc(x, y, r, 0, TAU); ctx.fill();
}

// The hit: a white-hot flash, an expanding ring and a few sparks; p runs 0→1 over the effect.
function hit(ctx, x, y, r, since) {
  if (since < 0 || since > 0.9) return;
  const flash = 1 - clamp01(since / 0.22);
  if (flash > 0) {
    const g = ctx.createRadialGradient(x, y, 0, x, y, r * 1.5);
    g.addColorStop(0, rgba('255,255,255', 0.95 * flash));
    g.addColorStop(0.3, rgba(ORANGE_LIGHT, 0.7 * flash));
    g.addColorStop(1, rgba(ORANGE, 0));
    ctx.fillStyle = g;
    ctx.beginPath(); ctx.arc(x, y, r * 1.5, 0, TAU); ctx.fill();
  }
  for (const [delay, reach] of [[0, 2.6], [0.12, 1.9]]) {
    const p = clamp01((since - delay) / 0.7);
    if (p <= 0 || p >= 1) continue;
    const e = 1 - Math.pow(1 - p, 3);
    ctx.strokeStyle = rgba(ORANGE_LIGHT, 0.85 * (1 - p));
    ctx.lineWidth = 1 + 4 * (1 - p);
    ctx.beginPath(); ctx.arc(x, y, r * (1 + reach * e), 0, TAU); ctx.stroke();
  }
  const sp = clamp01(since / 0.35);
  if (sp < 1) {
    ctx.strokeStyle = rgba('255,220,190', 0.9 * (1 - sp));
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * TAU + 0.3;
      const d0 = r * (0.9 + 1.4 * sp), d1 = r * (1.15 + 1.9 * sp);
      ctx.beginPath();
      ctx.moveTo(x + Math.cos(a) * d0, y + Math.sin(a) * d0);
      ctx.lineTo(x + Math.cos(a) * d1, y + Math.sin(a) * d1);
      ctx.stroke();
    }
  }
}

function label(ctx, text, x, y, size, fill, align, spacing) {
  ctx.font = '700 ' + size + 'px Oswald';
  ctx.letterSpacing = (spacing || 0) + 'px';
  ctx.textAlign = align || 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = fill;
  ctx.fillText(text, x, y);
  ctx.letterSpacing = '0px';
}

function roundRect(ctx, x, y, w, h, r, fill) {
  ctx.fillStyle = fill;
  ctx.beginPath(); ctx.roundRect(x, y, w, h, r); ctx.fill();
}

// ——— The hero: the range at night, targets lit and hit in turn under slowly sweeping lights. ———
async function heroScene(clip) {
  const T = clip.seconds;
  const back = await layer(clip.layers.back, clip);
  const front = await layer(clip.layers.front, clip);
  const vig = vignette(0.6);
  const beam = beamSprite();
  const px = (x) => clip.offsetX + x * clip.scale;
  const py = (y) => clip.offsetY + y * clip.scale;
  const lanes = Array.from({ length: 6 }, (_, i) => ({ x: px(180 + 140 * (i + 0.5)), y: py(250), n: i }));
  const R = 37 * clip.scale;
  const ORDER = [1, 4, 2, 5, 0, 3];
  const SLOT = T / ORDER.length;
  const beams = [
    { x: px(300), y: py(112), base: 0.16, amp: 0.2, phase: 0 },
    { x: px(600), y: py(112), base: 0, amp: 0.24, phase: 2.1 },
    { x: px(900), y: py(112), base: -0.16, amp: 0.2, phase: 4.2 },
  ];
  const rnd = random(53);
  const motes = Array.from({ length: 46 }, () => ({
    x: rnd() * W, y: 90 + rnd() * 480, ax: 10 + rnd() * 26, ay: 6 + rnd() * 16,
    k: 1 + Math.floor(rnd() * 2), phase: rnd() * TAU, size: 0.8 + rnd() * 1.6, alpha: 0.12 + rnd() * 0.25,
  }));
  const targetAt = (slot) => lanes[ORDER[mod(slot, ORDER.length)]];

  return (ctx, t) => {
    ctx.globalCompositeOperation = 'source-over';
    ctx.drawImage(back, 0, 0);

    // The reticle glides to each target in turn, then the target lights and is hit.
    const slot = Math.floor(t / SLOT);
    const local = t - slot * SLOT;
    const from = targetAt(slot - 1), to = targetAt(slot);
    const travel = smooth(local / 0.55);
    const wobble = (n, a) => Math.sin((TAU * n * t) / T + a);
    const rx = from.x + (to.x - from.x) * travel + 5 * wobble(2, 0.4) + 3 * wobble(5, 1.3);
    const ry = from.y + (to.y - from.y) * travel + 4 * wobble(3, 2.2) - 10 * Math.sin(Math.PI * travel);

    ctx.globalCompositeOperation = 'lighter';
    const levels = [];
    for (let s = 0; s < ORDER.length; s++) {
      const lane = lanes[ORDER[s]];
      const since = mod(t - s * SLOT, T);
      const on = smooth((since - 0.25) / 0.35);
      const off = 1 - smooth((since - 0.75) / 0.9);
      const level = Math.min(on, off);
      levels[lane.n] = level;
      glow(ctx, lane.x, lane.y, R * 3.2, level);
    }
    ctx.globalCompositeOperation = 'source-over';
    for (const lane of lanes) {
      const level = levels[lane.n];
      if (level > 0.01) {
        // the target's LED ring and its bull burning brighter
        ctx.strokeStyle = rgba(ORANGE, 0.95 * level);
        ctx.lineWidth = 4;
        ctx.beginPath(); ctx.arc(lane.x, lane.y, R * 1.14, 0, TAU); ctx.stroke();
        ctx.fillStyle = rgba(ORANGE_LIGHT, 0.85 * level);
        ctx.beginPath(); ctx.arc(lane.x, lane.y, R * 0.24, 0, TAU); ctx.fill();
      }
      const n = String(lane.n + 1).padStart(2, '0');
      label(ctx, n, lane.x, py(378), Math.round(17 * clip.scale), rgba(BONE, 0.3), 'center', 2);
      if (level > 0.01) label(ctx, n, lane.x, py(378), Math.round(17 * clip.scale), rgba(ORANGE, level), 'center', 2);
    }
    for (let s = 0; s < ORDER.length; s++) {
      const lane = lanes[ORDER[s]];
      const since = mod(t - s * SLOT, T);
      hit(ctx, lane.x, lane.y, R, since - 0.75);
    }

    // Lights sweeping slowly across the range, behind the shooters.
    ctx.globalCompositeOperation = 'lighter';
    for (const b of beams) {
      const angle = b.base + b.amp * Math.sin((TAU * t) / T + b.phase);
      ctx.save();
      ctx.translate(b.x, b.y);
      ctx.rotate(angle);
      ctx.globalAlpha = 0.42;
      ctx.drawImage(beam, -350, -40, 700, 1100);
      ctx.restore();
    }
    ctx.globalAlpha = 1;
    for (const m of motes) {
      const x = m.x + m.ax * Math.sin((TAU * t) / T + m.phase);
      const y = m.y + m.ay * Math.sin((TAU * m.k * t) / T + m.phase * 1.7);
      const a = m.alpha * (0.6 + 0.4 * Math.sin((TAU * 2 * t) / T + m.phase));
      ctx.fillStyle = rgba('255,236,214', a);
      ctx.beginPath(); ctx.arc(x, y, m.size, 0, TAU); ctx.fill();
    }
    ctx.globalCompositeOperation = 'source-over';
    ctx.drawImage(front, 0, 0);

    // the reticle, faint: a hint of a scope rather than a game HUD
    ctx.strokeStyle = rgba(ORANGE, 0.55);
    ctx.lineWidth = 2;
    ctx.beginPath(); ctx.arc(rx, ry, 58, 0, TAU); ctx.stroke();
    ctx.beginPath();
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      ctx.moveTo(rx + dx * 18, ry + dy * 18); ctx.lineTo(rx + dx * 76, ry + dy * 76);
    }
    ctx.stroke();
    ctx.fillStyle = rgba(ORANGE, 0.8);
    ctx.beginPath(); ctx.arc(rx, ry, 2.5, 0, TAU); ctx.fill();

    ctx.drawImage(vig, 0, 0);
  };
}

// ——— The gallery clip: one reaction-test round with its scoreboard. ———
async function reactionScene(clip) {
  const back = await layer(clip.layers.back, clip);
  const front = await layer(clip.layers.front, clip);
  const vig = vignette(0.5);
  const s = clip.scale;
  const pads = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 5; c++)
      pads.push({ x: clip.offsetX + (170 + c * 215) * s, y: clip.offsetY + (150 + r * 200) * s });
  const R = 56 * s;
  const GO = 1.75;
  const SEQUENCE = [
    [7, 0.46], [1, 0.41], [13, 0.52], [5, 0.37], [3, 0.44],
    [10, 0.39], [8, 0.49], [14, 0.35], [0, 0.43], [11, 0.38],
  ];
  const hits = [];
  let at = GO + 0.35;
  for (const [pad, reaction] of SEQUENCE) {
    const points = Math.round((1.2 - reaction) * 100) * 10;
    hits.push({ pad, on: at, hit: at + reaction, reaction, points });
    at += reaction + 0.17;
  }
  const END = hits[hits.length - 1].hit;
  const total = hits.reduce((sum, h) => sum + h.points, 0);
  const average = hits.reduce((sum, h) => sum + h.reaction, 0) / hits.length;
  const best = Math.min(...hits.map((h) => h.reaction));
  const score = (t) => {
    let value = 0;
    for (const h of hits) value += h.points * smooth((t - h.hit) / 0.3);
    return Math.round(value / 10) * 10;
  };
  const grouped = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

  return (ctx, t) => {
    ctx.globalCompositeOperation = 'source-over';
    ctx.fillStyle = '#0f120c';
    ctx.fillRect(0, 0, W, H);
    ctx.drawImage(back, 0, 0);

    for (const h of hits) {
      const p = pads[h.pad];
      const lit = t >= h.on && t < h.hit ? smooth((t - h.on) / 0.08) : 0;
      const after = t >= h.hit ? 1 - smooth((t - h.hit) / 0.6) : 0;
      const level = Math.max(lit, after * 0.7);
      if (level > 0.01) {
        ctx.globalCompositeOperation = 'lighter';
        glow(ctx, p.x, p.y, R * 2.3, level * (0.9 + 0.1 * Math.sin(t * 30)));
        ctx.globalCompositeOperation = 'source-over';
        ctx.fillStyle = rgba(ORANGE, level);
        ctx.beginPath(); ctx.arc(p.x, p.y, R, 0, TAU); ctx.fill();
        ctx.strokeStyle = rgba(ORANGE_LIGHT, level);
        ctx.lineWidth = 8 * s;
        ctx.stroke();
      }
      hit(ctx, p.x, p.y, R, t - h.hit);
    }
    ctx.drawImage(front, 0, 0);
    // the points of each hit float up in front of everything
    for (const h of hits) {
      const p = pads[h.pad];
      const rise = (t - h.hit) / 0.8;
      if (rise > 0 && rise < 1) {
        const a = rise < 0.2 ? rise / 0.2 : 1 - smooth((rise - 0.5) / 0.5);
        // above the pad, or below it on the top row, clear of the scoreboard
        const lift = 14 + 36 * smooth(rise);
        const y = p.y < 250 ? p.y + R + 30 + lift : p.y - R - lift;
        label(ctx, '+' + h.points, p.x, y, 30, rgba(ORANGE_LIGHT, a), 'center', 1);
      }
    }
    ctx.drawImage(vig, 0, 0);

    // The scoreboard band across the top.
    const hud = smooth(t / 0.4);
    ctx.globalAlpha = hud;
    const band = ctx.createLinearGradient(0, 0, 0, 112);
    band.addColorStop(0, 'rgba(9,11,7,0.92)');
    band.addColorStop(1, 'rgba(9,11,7,0.55)');
    ctx.fillStyle = band;
    ctx.fillRect(0, 0, W, 104);
    ctx.fillStyle = rgba(ORANGE, 0.9);
    ctx.fillRect(0, 104, W, 3);
    ctx.fillRect(40, 30, 8, 46);
    label(ctx, 'REACTION TEST', 62, 60, 34, rgba(BONE, 1), 'left', 1.5);
    label(ctx, 'LANE 03 · ROUND 1', 63, 84, 15, rgba(ORANGE_LIGHT, 1), 'left', 3);

    const elapsed = Math.max(0, Math.min(t, END) - GO);
    const secs = Math.floor(elapsed), hundredths = Math.floor((elapsed - secs) * 100);
    const stat = (name, value, x, colour) => {
      label(ctx, name, x, 36, 14, rgba(BONE, 0.6), 'center', 4);
      label(ctx, value, x, 82, 42, colour, 'center', 1);
    };
    const done = hits.filter((h) => h.hit <= t);
    const last = done[done.length - 1];
    stat('TIME', '00:' + String(secs).padStart(2, '0') + '.' + String(hundredths).padStart(2, '0'), 640, rgba(BONE, 1));
    stat('LAST', last ? last.reaction.toFixed(2) + ' s' : '–', 830, rgba(BONE, 1));
    stat('HITS', done.length + '/' + hits.length, 980, rgba(BONE, 1));
    label(ctx, 'SCORE', W - 40, 36, 14, rgba(BONE, 0.6), 'right', 4);
    label(ctx, grouped(score(t)), W - 40, 82, 42, rgba(ORANGE, 1), 'right', 1);
    ctx.globalAlpha = 1;

    // Before the round: the title card, then GO.
    const card = Math.min(smooth((t - 0.15) / 0.35), 1 - smooth((t - 1.3) / 0.3));
    if (card > 0) {
      ctx.globalAlpha = card;
      roundRect(ctx, W / 2 - 300, 300, 600, 150, 18, 'rgba(9,11,7,0.86)');
      ctx.fillStyle = rgba(ORANGE, 1);
      ctx.fillRect(W / 2 - 300, 300, 600, 5);
      label(ctx, 'GET READY', W / 2, 378, 62, rgba(BONE, 1), 'center', 3);
      label(ctx, '10 TARGETS · HIT EACH ONE AS IT LIGHTS', W / 2, 420, 18, rgba(ORANGE_LIGHT, 1), 'center', 3);
      ctx.globalAlpha = 1;
    }
    const go = (t - GO + 0.2) / 0.6;
    if (go > 0 && go < 1) {
      ctx.globalAlpha = go < 0.3 ? go / 0.3 : 1 - smooth((go - 0.5) / 0.5);
      const size = 96 + 40 * smooth(go);
      label(ctx, 'GO!', W / 2, 380 + size * 0.35, size, rgba(ORANGE, 1), 'center', 4);
      ctx.globalAlpha = 1;
    }

    // After the round: the result.
    const result = smooth((t - END - 0.5) / 0.4);
    if (result > 0) {
      ctx.globalAlpha = result;
      ctx.fillStyle = 'rgba(9,11,7,' + (0.45 * result).toFixed(3) + ')';
      ctx.fillRect(0, 107, W, H - 107);
      const y = 260 + 16 * (1 - result);
      roundRect(ctx, W / 2 - 330, y, 660, 250, 20, 'rgba(9,11,7,0.92)');
      ctx.fillStyle = rgba(ORANGE, 1);
      ctx.fillRect(W / 2 - 330, y, 660, 6);
      label(ctx, 'ROUND COMPLETE', W / 2, y + 62, 26, rgba(ORANGE_LIGHT, 1), 'center', 6);
      label(ctx, grouped(total), W / 2, y + 150, 92, rgba(BONE, 1), 'center', 2);
      label(ctx, 'AVERAGE ' + average.toFixed(2) + ' s   ·   BEST ' + best.toFixed(2) + ' s   ·   10/10 HITS', W / 2, y + 205, 20, rgba(BONE, 0.8), 'center', 3);
      ctx.globalAlpha = 1;
    }
  };
}

// Frames are drawn for exact times (frame k shows t = k/30) and pushed one by one, paced in real time.
async function recordClip(clip, mimeType) {
  const draw = clip.scene === 'hero' ? await heroScene(clip) : await reactionScene(clip);
  const el = document.getElementById('c');
  const ctx = el.getContext('2d');
  const stream = el.captureStream(0);
  const track = stream.getVideoTracks()[0];
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: clip.bitsPerSecond });
  const chunks = [];
  recorder.ondataavailable = (e) => { if (e.data.size) chunks.push(e.data); };
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  const frames = Math.round(clip.seconds * FPS);
  let late = 0;
  // Warm the drawing up first: a slow first frame would be recorded late, as a stutter.
  for (let k = 0; k < 8; k++) draw(ctx, k / FPS);
  recorder.start();
  const start = performance.now();
  for (let k = 0; k < frames; k++) {
    const due = start + (k * 1000) / FPS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    else if (wait < -1000 / FPS) late++;
    draw(ctx, k / FPS);
    track.requestFrame();
  }
  await new Promise((resolve) => setTimeout(resolve, 1000 / FPS));
  recorder.stop();
  await stopped;
  const blob = new Blob(chunks, { type: mimeType });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { data: btoa(binary), late };
}

// WebM clips are encoded frame by frame with WebCodecs, at exact timestamps, however busy the machine.
async function encodeClip(clip, codec) {
  const draw = clip.scene === 'hero' ? await heroScene(clip) : await reactionScene(clip);
  const el = document.getElementById('c');
  const ctx = el.getContext('2d');
  const chunks = [];
  let failure = null;
  const encoder = new VideoEncoder({
    output: (chunk) => {
      const bytes = new Uint8Array(chunk.byteLength);
      chunk.copyTo(bytes);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      chunks.push({ key: chunk.type === 'key', timestamp: chunk.timestamp, data: btoa(binary) });
    },
    error: (e) => (failure = e),
  });
  encoder.configure({
    codec, width: W, height: H, framerate: FPS, bitrate: clip.bitsPerSecond,
    bitrateMode: 'variable', latencyMode: 'quality',
  });
  const frames = Math.round(clip.seconds * FPS);
  for (let k = 0; k < frames; k++) {
    draw(ctx, k / FPS);
    const frame = new VideoFrame(el, { timestamp: Math.round((k * 1e6) / FPS), duration: Math.round(1e6 / FPS) });
    encoder.encode(frame, { keyFrame: k % (3 * FPS) === 0 });
    frame.close();
    while (encoder.encodeQueueSize > 3) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await encoder.flush();
  encoder.close();
  if (failure) throw failure;
  return chunks;
}

window.recordClip = recordClip;
window.encodeClip = encodeClip;
`;

interface Chunk {
  key: boolean;
  /** Microseconds. */
  timestamp: number;
  data: string;
}

const idBytes = (id: number) => {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const out = Buffer.alloc(length);
  out.writeUIntBE(id, 0, length);
  return out;
};
const element = (id: number, ...body: Buffer[]) => {
  const data = Buffer.concat(body);
  return Buffer.concat([idBytes(id), size8(data.length), data]);
};
const uint = (id: number, value: number) => {
  const length = Math.max(1, Math.ceil(Math.log2(value + 1) / 8));
  const out = Buffer.alloc(length);
  out.writeUIntBE(value, 0, length);
  return element(id, out);
};
const float = (id: number, value: number) => {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return element(id, out);
};
const text = (id: number, value: string) => element(id, Buffer.from(value, 'ascii'));

/** A WebM file holding one VP9 video track: a cluster per key frame (every 3 s). */
function muxWebm(chunks: Chunk[], width: number, height: number, seconds: number): Buffer {
  const header = element(
    0x1a45dfa3,
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    text(0x4282, 'webm'),
    uint(0x4287, 4),
    uint(0x4285, 2),
  );
  const info = element(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000),
    float(0x4489, seconds * 1000),
    text(0x4d80, 'make-demo-videos'),
    text(0x5741, 'make-demo-videos'),
  );
  const tracks = element(
    0x1654ae6b,
    element(
      0xae,
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 1),
      text(0x86, 'V_VP9'),
      uint(0x9c, 0),
      uint(0x23e383, Math.round(1e9 / FPS)),
      element(0xe0, uint(0xb0, width), uint(0xba, height)),
    ),
  );
  const clusters: Buffer[] = [];
  let cluster: Buffer[] = [];
  let clusterTime = 0;
  const close = () => {
    if (cluster.length) clusters.push(element(0x1f43b675, uint(0xe7, clusterTime), ...cluster));
    cluster = [];
  };
  for (const chunk of chunks) {
    const ms = Math.round(chunk.timestamp / 1000);
    if (chunk.key) {
      close();
      clusterTime = ms;
    }
    const block = Buffer.alloc(4);
    block[0] = 0x81; // track 1
    block.writeInt16BE(ms - clusterTime, 1);
    block[3] = chunk.key ? 0x80 : 0;
    cluster.push(element(0xa3, block, Buffer.from(chunk.data, 'base64')));
  }
  close();
  return Buffer.concat([header, element(0x18538067, info, tracks, ...clusters)]);
}

/** An 8-byte EBML size field. */
function size8(value: number) {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(value, 2, 6);
  return out;
}

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
