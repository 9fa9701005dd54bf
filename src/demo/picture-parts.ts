// The palette, the SVG definitions and the figures every demo picture is drawn from.

export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const INK = {
  950: '#090b07',
  900: '#0f120c',
  800: '#171b12',
  700: '#22281b',
  600: '#2f3727',
  500: '#4a5540',
};
export const ORANGE = '#ff6a00';
export const ORANGE_LIGHT = '#ffb27a';
export const OLIVE = '#6b7a3a';
export const OLIVE_DARK = '#3b4520';
export const FONT = "'DejaVu Sans Condensed', 'Liberation Sans Narrow', 'Arial Narrow', sans-serif";

/** A small deterministic generator: the same spec always draws the same picture. */
export function random(seed: number) {
  let state = seed * 2654435761 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

export const round = (n: number) => Math.round(n * 10) / 10;

/** A target face: alternating rings with an orange bull. */
export function target(cx: number, cy: number, r: number, glow = false): string {
  const rings = [
    [1, '#e8ece2'],
    [0.8, INK[900]],
    [0.6, '#e8ece2'],
    [0.4, INK[900]],
    [0.22, ORANGE],
  ] as const;
  const halo = glow
    ? `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r * 1.6)}" fill="url(#glow)"/>`
    : '';
  return (
    halo +
    rings
      .map(([f, c]) => `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r * f)}" fill="${c}"/>`)
      .join('')
  );
}

/** A side-on shooter taking aim to the right, feet at (x, y), `h` tall. */
export function shooter(x: number, y: number, h: number, fill: string, flip = false): string {
  const s = h / 100;
  const t = `translate(${round(x)} ${round(y - h)}) scale(${flip ? -s : s} ${s})`;
  return `<g transform="${t}" fill="${fill}">
    <circle cx="50" cy="13" r="9"/>
    <path d="M40 8 q10 -9 21 0 l4 3 h-25z"/>
    <path d="M41 22 h19 l6 38 h-30z"/>
    <path d="M56 25 l32 7 l-1 7 l-33 -4z"/>
    <rect x="58" y="27" width="52" height="5" rx="1.5"/>
    <rect x="52" y="29" width="12" height="9" rx="2"/>
    <path d="M36 58 h30 l6 42 h-10 l-7 -30 l-7 30 h-11z"/>
  </g>`;
}

/** A standing spectator (a rounded figure), feet at (x, y). */
export function person(x: number, y: number, h: number, fill: string): string {
  const w = h * 0.32;
  return `<g fill="${fill}"><circle cx="${round(x)}" cy="${round(y - h * 0.86)}" r="${round(h * 0.12)}"/>
    <rect x="${round(x - w / 2)}" y="${round(y - h * 0.72)}" width="${round(w)}" height="${round(h * 0.72)}" rx="${round(w / 2.4)}"/></g>`;
}

export function bunting(x1: number, y1: number, x2: number, y2: number, sag: number, size: number): string {
  const flags: string[] = [];
  const count = Math.max(4, Math.round(Math.abs(x2 - x1) / (size * 1.5)));
  for (let i = 0; i <= count; i++) {
    const t = i / count;
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t + sag * 4 * t * (1 - t);
    const colour = [ORANGE, '#e8ece2', OLIVE][i % 3];
    flags.push(
      `<path d="M${round(x - size / 2)} ${round(y)} h${size} l${-size / 2} ${round(size * 1.2)}z" fill="${colour}"/>`,
    );
  }
  return `<path d="M${x1} ${y1} Q${(x1 + x2) / 2} ${(y1 + y2) / 2 + sag * 2} ${x2} ${y2}" stroke="${INK[500]}" stroke-width="2" fill="none"/>${flags.join('')}`;
}

export const DEFS = `<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${INK[950]}"/><stop offset="1" stop-color="${INK[700]}"/></linearGradient>
  <linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1a1410"/><stop offset="0.65" stop-color="#5a2a0e"/><stop offset="1" stop-color="${ORANGE}"/></linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${INK[700]}"/><stop offset="1" stop-color="${INK[950]}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="${ORANGE}" stop-opacity="0.55"/><stop offset="1" stop-color="${ORANGE}" stop-opacity="0"/></radialGradient>
  <radialGradient id="spot" cx="0.5" cy="0" r="1"><stop offset="0" stop-color="#fff4e6" stop-opacity="0.22"/><stop offset="1" stop-color="#fff4e6" stop-opacity="0"/></radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
</defs>`;

/** The parts of a scene behind the action (walls, targets, lights) and in front of it (figures, vignette). */
export interface SceneLayers {
  back: string;
  front: string;
}

export const VIGNETTE = `<rect width="1200" height="800" fill="url(#vignette)"/>`;
