// Browser JavaScript in a string, one part of the recording page's script (page-script.ts says why).
// The constants and drawing helpers both scenes use.
export const PAGE_DRAWING = String.raw`
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
`;
