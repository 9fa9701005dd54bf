// Demo pictures are drawn at first run as SVG illustrations in the brand palette (range lanes,
// targets, crosshairs, shooter silhouettes, festival tents, the trailer…) and encoded by sharp, so the
// repository ships no large binaries; the two demo videos are small files in demo/media, drawn from
// the same scenes by scripts/make-demo-videos.ts.
// Photo-like pictures carry no text; only logos and badges do, as real ones would.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type PictureKind =
  | 'range'
  | 'target'
  | 'crosshair'
  | 'festival'
  | 'corporate'
  | 'party'
  | 'trailer'
  | 'reaction'
  | 'team'
  | 'scoreboard'
  | 'marshal'
  | 'logo'
  | 'badge';

export interface PictureSpec {
  file: string;
  kind: PictureKind;
  width: number;
  height: number;
  /** Logos and badges only: the name they show. */
  label?: string;
  /** Logos and badges only: a second line (a strapline, a year). */
  caption?: string;
  /** Varies the scene so two pictures of one kind differ. */
  seed?: number;
}

const INK = {
  950: '#090b07',
  900: '#0f120c',
  800: '#171b12',
  700: '#22281b',
  600: '#2f3727',
  500: '#4a5540',
};
const ORANGE = '#ff6a00';
const ORANGE_LIGHT = '#ffb27a';
const OLIVE = '#6b7a3a';
const OLIVE_DARK = '#3b4520';
const FONT = "'DejaVu Sans Condensed', 'Liberation Sans Narrow', 'Arial Narrow', sans-serif";

/** A small deterministic generator: the same spec always draws the same picture. */
function random(seed: number) {
  let state = seed * 2654435761 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A target face: alternating rings with an orange bull. */
function target(cx: number, cy: number, r: number, glow = false): string {
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
function shooter(x: number, y: number, h: number, fill: string, flip = false): string {
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
function person(x: number, y: number, h: number, fill: string): string {
  const w = h * 0.32;
  return `<g fill="${fill}"><circle cx="${round(x)}" cy="${round(y - h * 0.86)}" r="${round(h * 0.12)}"/>
    <rect x="${round(x - w / 2)}" y="${round(y - h * 0.72)}" width="${round(w)}" height="${round(h * 0.72)}" rx="${round(w / 2.4)}"/></g>`;
}

function bunting(x1: number, y1: number, x2: number, y2: number, sag: number, size: number): string {
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

const DEFS = `<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${INK[950]}"/><stop offset="1" stop-color="${INK[700]}"/></linearGradient>
  <linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1a1410"/><stop offset="0.65" stop-color="#5a2a0e"/><stop offset="1" stop-color="${ORANGE}"/></linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${INK[700]}"/><stop offset="1" stop-color="${INK[950]}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="${ORANGE}" stop-opacity="0.55"/><stop offset="1" stop-color="${ORANGE}" stop-opacity="0"/></radialGradient>
  <radialGradient id="spot" cx="0.5" cy="0" r="1"><stop offset="0" stop-color="#fff4e6" stop-opacity="0.22"/><stop offset="1" stop-color="#fff4e6" stop-opacity="0"/></radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
</defs>`;

/** The parts of a scene behind the action (walls, targets, lights) and in front of it (figures, vignette). */
interface SceneLayers {
  back: string;
  front: string;
}

/** The indoor/outdoor range seen from behind the firing line: lanes, targets, lights. */
function rangeLayers(rnd: () => number, shooters: number, lit: number[]): SceneLayers {
  const parts: string[] = [`<rect width="1200" height="800" fill="url(#sky)"/>`];
  // the back wall with its targets
  parts.push(`<rect x="180" y="190" width="840" height="150" fill="${INK[800]}"/>`);
  parts.push(`<rect x="180" y="330" width="840" height="10" fill="${INK[600]}"/>`);
  const lanes = 6;
  for (let i = 0; i < lanes; i++) {
    const cx = 180 + (840 / lanes) * (i + 0.5);
    parts.push(`<rect x="${round(cx - 3)}" y="250" width="6" height="80" fill="${INK[600]}"/>`);
    parts.push(target(cx, 250, 34 + rnd() * 6, lit.includes(i)));
  }
  // lights on the canopy
  for (let i = 0; i < 7; i++) {
    const x = 150 + i * 150;
    parts.push(
      `<polygon points="${x - 14},120 ${x + 14},120 ${x + 160},800 ${x - 160},800" fill="url(#spot)"/>`,
    );
    parts.push(`<rect x="${x - 22}" y="108" width="44" height="12" rx="4" fill="${ORANGE_LIGHT}"/>`);
  }
  parts.push(`<rect x="0" y="90" width="1200" height="20" fill="${INK[600]}"/>`);
  // the floor with lane lines converging on the wall
  parts.push(`<polygon points="180,340 1020,340 1200,800 0,800" fill="url(#floor)"/>`);
  for (let i = 0; i <= lanes; i++) {
    const top = 180 + (840 / lanes) * i;
    const bottom = -300 + (1800 / lanes) * i;
    parts.push(
      `<line x1="${round(top)}" y1="340" x2="${round(bottom)}" y2="800" stroke="${i % lanes === 0 ? INK[500] : '#e8ece2'}" stroke-opacity="0.35" stroke-width="4"/>`,
    );
  }
  // the firing line and the shooters in front of it
  parts.push(`<rect x="0" y="610" width="1200" height="14" fill="${ORANGE}" opacity="0.85"/>`);
  parts.push(`<rect x="0" y="624" width="1200" height="40" fill="${INK[800]}"/>`);
  const front: string[] = [];
  for (let i = 0; i < shooters; i++) {
    const x = 120 + (960 / Math.max(shooters - 1, 1)) * i + (rnd() - 0.5) * 60;
    front.push(shooter(shooters === 1 ? 430 : x - 60, 800, 300 + rnd() * 40, INK[950]));
  }
  return { back: parts.join(''), front: front.join('') };
}

const VIGNETTE = `<rect width="1200" height="800" fill="url(#vignette)"/>`;

function rangeScene(rnd: () => number, shooters: number, lit: number[]): string {
  const { back, front } = rangeLayers(rnd, shooters, lit);
  return back + front + VIGNETTE;
}

function targetScene(rnd: () => number): string {
  const parts = [`<rect width="1200" height="800" fill="${INK[900]}"/>`];
  parts.push(`<circle cx="600" cy="400" r="520" fill="url(#glow)" opacity="0.5"/>`);
  parts.push(target(600, 400, 300));
  // hits around the bull
  for (let i = 0; i < 9; i++) {
    const a = rnd() * Math.PI * 2;
    const d = 20 + rnd() * 150;
    parts.push(
      `<circle cx="${round(600 + Math.cos(a) * d)}" cy="${round(400 + Math.sin(a) * d)}" r="7" fill="${INK[950]}" stroke="${ORANGE_LIGHT}" stroke-width="2"/>`,
    );
  }
  parts.push(`<rect x="40" y="560" width="190" height="240" fill="${INK[700]}"/>`);
  parts.push(`<rect x="970" y="520" width="190" height="280" fill="${INK[700]}"/>`);
  parts.push(`<rect width="1200" height="800" fill="url(#vignette)"/>`);
  return parts.join('');
}

function crosshairScene(rnd: () => number): string {
  const parts = [rangeScene(rnd, 0, [2])];
  const cx = 180 + 140 * 2.5;
  const cy = 250;
  parts.push(
    `<mask id="scope"><rect width="1200" height="800" fill="white"/><circle cx="${cx}" cy="${cy}" r="230" fill="black"/></mask>`,
  );
  parts.push(`<rect width="1200" height="800" fill="${INK[950]}" opacity="0.78" mask="url(#scope)"/>`);
  parts.push(
    `<circle cx="${cx}" cy="${cy}" r="230" fill="none" stroke="${INK[600]}" stroke-width="16"/>
     <line x1="${cx - 230}" y1="${cy}" x2="${cx - 30}" y2="${cy}" stroke="${ORANGE}" stroke-width="4"/>
     <line x1="${cx + 30}" y1="${cy}" x2="${cx + 230}" y2="${cy}" stroke="${ORANGE}" stroke-width="4"/>
     <line x1="${cx}" y1="${cy - 230}" x2="${cx}" y2="${cy - 30}" stroke="${ORANGE}" stroke-width="4"/>
     <line x1="${cx}" y1="${cy + 30}" x2="${cx}" y2="${cy + 230}" stroke="${ORANGE}" stroke-width="4"/>
     <circle cx="${cx}" cy="${cy}" r="5" fill="${ORANGE}"/>`,
  );
  parts.push(shooter(760, 820, 380, INK[800]));
  return parts.join('');
}

function festivalScene(rnd: () => number, dusk: boolean): string {
  const parts = [`<rect width="1200" height="800" fill="${dusk ? 'url(#dusk)' : 'url(#sky)'}"/>`];
  // distant stage lights
  for (let i = 0; i < 5; i++) {
    const x = 100 + rnd() * 1000;
    parts.push(
      `<polygon points="${round(x)},470 ${round(x - 120 + rnd() * 240)},0 ${round(x - 60 + rnd() * 240)},0" fill="#fff4e6" opacity="0.07"/>`,
    );
  }
  parts.push(`<rect x="0" y="540" width="1200" height="260" fill="${OLIVE_DARK}"/>`);
  // marquee tents
  const tents: [number, number, number, number][] = [
    [80, 540, 300, 200],
    [430, 540, 360, 260],
    [860, 540, 280, 190],
  ];
  tents.forEach(([x, base, w, h], i) => {
    const stripe = i === 1 ? ORANGE : '#e8ece2';
    parts.push(
      `<polygon points="${x},${base - h * 0.55} ${x + w / 2},${base - h} ${x + w},${base - h * 0.55}" fill="${stripe}"/>`,
    );
    parts.push(
      `<rect x="${x}" y="${base - h * 0.55}" width="${w}" height="${h * 0.55}" fill="${i === 1 ? INK[800] : INK[700]}"/>`,
    );
    for (let s = 0; s < 6; s += 2)
      parts.push(
        `<rect x="${round(x + (w / 6) * s)}" y="${round(base - h * 0.55)}" width="${round(w / 6)}" height="22" fill="${stripe}" opacity="0.9"/>`,
      );
    if (i === 1) parts.push(target(x + w / 2, base - h * 0.22, 42, true));
  });
  parts.push(bunting(0, 150, 1200, 130, 40, 34));
  parts.push(bunting(0, 260, 1200, 300, 30, 28));
  // the crowd
  for (let i = 0; i < 26; i++) {
    const x = rnd() * 1200;
    parts.push(person(x, 800 - rnd() * 40, 150 + rnd() * 90, i % 5 === 0 ? INK[800] : INK[950]));
  }
  return parts.join('');
}

function corporateScene(rnd: () => number): string {
  const parts = [rangeScene(rnd, 0, [1, 4])];
  // a team watching the leaderboard in the foreground
  const colours = [INK[950], INK[900], INK[950], INK[800], INK[950]];
  colours.forEach((colour, i) =>
    parts.push(person(140 + i * 220 + rnd() * 40, 820, 300 + rnd() * 60, colour)),
  );
  parts.push(shooter(520, 800, 330, INK[950]));
  return parts.join('');
}

function partyScene(rnd: () => number): string {
  const parts = [festivalScene(rnd, true)];
  for (let i = 0; i < 6; i++) {
    const x = 90 + i * 200 + rnd() * 40;
    const y = 90 + rnd() * 120;
    const colour = [ORANGE, '#e8ece2', OLIVE][i % 3];
    parts.push(
      `<line x1="${round(x)}" y1="${round(y + 50)}" x2="${round(x + 10)}" y2="${round(y + 200)}" stroke="${INK[500]}" stroke-width="2"/>`,
    );
    parts.push(`<ellipse cx="${round(x)}" cy="${round(y)}" rx="36" ry="46" fill="${colour}"/>`);
  }
  return parts.join('');
}

function trailerScene(rnd: () => number): string {
  const parts = [`<rect width="1200" height="800" fill="url(#dusk)"/>`];
  parts.push(`<circle cx="930" cy="470" r="120" fill="${ORANGE_LIGHT}" opacity="0.8"/>`);
  parts.push(`<path d="M0 520 Q300 440 600 500 T1200 470 V800 H0z" fill="${OLIVE_DARK}"/>`);
  parts.push(`<rect x="0" y="600" width="1200" height="200" fill="${INK[800]}"/>`);
  // the trailer with its side opened up as a range
  parts.push(`<rect x="240" y="330" width="640" height="290" rx="12" fill="${INK[700]}"/>`);
  parts.push(`<rect x="270" y="360" width="580" height="170" fill="${INK[950]}"/>`);
  for (let i = 0; i < 4; i++) parts.push(target(340 + i * 145, 440, 44, i === 1));
  parts.push(`<rect x="240" y="540" width="640" height="16" fill="${ORANGE}"/>`);
  parts.push(`<polygon points="240,330 880,330 920,280 200,280" fill="${INK[600]}"/>`);
  parts.push(`<rect x="120" y="585" width="130" height="12" fill="${INK[600]}"/>`);
  for (const x of [380, 740]) {
    parts.push(
      `<circle cx="${x}" cy="630" r="46" fill="${INK[950]}"/><circle cx="${x}" cy="630" r="18" fill="${INK[500]}"/>`,
    );
  }
  parts.push(person(1010, 700, 170 + rnd() * 10, INK[950]));
  return parts.join('');
}

/** A wall of reaction pads; `dark` leaves every pad unlit (the demo video lights them one by one). */
function reactionLayers(rnd: () => number, dark = false): SceneLayers {
  const parts = [`<rect width="1200" height="800" fill="${INK[900]}"/>`];
  const cols = 5;
  const rows = 3;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const x = 170 + c * 215;
      const y = 150 + r * 200;
      const lit = !dark && (rnd() > 0.7 || (r === 1 && c === 2));
      parts.push(`<rect x="${x - 80}" y="${y - 80}" width="160" height="160" rx="18" fill="${INK[800]}"/>`);
      if (lit) parts.push(`<circle cx="${x}" cy="${y}" r="120" fill="url(#glow)"/>`);
      parts.push(
        `<circle cx="${x}" cy="${y}" r="56" fill="${lit ? ORANGE : INK[600]}" stroke="${lit ? ORANGE_LIGHT : INK[500]}" stroke-width="8"/>`,
      );
    }
  return {
    back: parts.join(''),
    front: shooter(560, 820, 400, INK[950]),
  };
}

function reactionScene(rnd: () => number): string {
  const { back, front } = reactionLayers(rnd);
  return back + front + VIGNETTE;
}

function teamScene(rnd: () => number): string {
  return rangeScene(rnd, 4, [0, 3, 5]);
}

function scoreboardScene(rnd: () => number): string {
  const parts = [`<rect width="1200" height="800" fill="${INK[950]}"/>`];
  parts.push(
    `<rect x="150" y="90" width="900" height="520" rx="20" fill="${INK[800]}" stroke="${INK[600]}" stroke-width="10"/>`,
  );
  // bars of a leaderboard, the leader in orange
  for (let i = 0; i < 6; i++) {
    const w = 700 - i * 90 - rnd() * 40;
    parts.push(`<circle cx="230" cy="${170 + i * 72}" r="22" fill="${i === 0 ? ORANGE : INK[600]}"/>`);
    parts.push(
      `<rect x="280" y="${152 + i * 72}" width="${round(w)}" height="36" rx="8" fill="${i === 0 ? ORANGE : INK[600]}"/>`,
    );
  }
  parts.push(target(1000, 160, 46, true));
  for (let i = 0; i < 9; i++) parts.push(person(60 + i * 135 + rnd() * 30, 830, 220 + rnd() * 60, INK[900]));
  return parts.join('');
}

function marshalScene(rnd: () => number): string {
  const parts = [rangeScene(rnd, 0, [2, 3])];
  // a marshal in a hi-vis vest beside a shooter
  parts.push(shooter(180, 800, 330, INK[950]));
  parts.push(`<g transform="translate(760 430)">
    <circle cx="90" cy="40" r="40" fill="${INK[950]}"/>
    <rect x="30" y="90" width="120" height="290" rx="44" fill="${INK[950]}"/>
    <path d="M38 110 h104 v130 h-104z" fill="${ORANGE}"/>
    <rect x="38" y="180" width="104" height="14" fill="#e8ece2"/>
    <rect x="80" y="110" width="20" height="130" fill="${INK[950]}" opacity="0.5"/>
  </g>`);
  return parts.join('');
}

/** A partner logo: an emblem and the organisation's name, light on transparent. */
function logoSvg(spec: PictureSpec, rnd: () => number): string {
  const name = escapeXml((spec.label ?? '').toUpperCase());
  const caption = escapeXml((spec.caption ?? '').toUpperCase());
  const emblems = [
    // sun
    `<circle cx="0" cy="0" r="36" fill="${ORANGE}"/>${Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2;
      return `<line x1="${round(Math.cos(a) * 46)}" y1="${round(Math.sin(a) * 46)}" x2="${round(Math.cos(a) * 62)}" y2="${round(Math.sin(a) * 62)}" stroke="${ORANGE}" stroke-width="7" stroke-linecap="round"/>`;
    }).join('')}`,
    // shield with wheat
    `<path d="M-52 -60 h104 v50 q0 52 -52 76 q-52 -24 -52 -76z" fill="none" stroke="#e8ece2" stroke-width="8"/><path d="M0 -40 v80 M0 -20 l-18 -14 M0 -20 l18 -14 M0 0 l-18 -14 M0 0 l18 -14 M0 20 l-18 -14 M0 20 l18 -14" stroke="${ORANGE}" stroke-width="7" stroke-linecap="round"/>`,
    // stacked triangles
    `<polygon points="0,-62 58,44 -58,44" fill="#e8ece2"/><polygon points="0,-20 34,44 -34,44" fill="${ORANGE}"/>`,
    // star in a ring
    `<circle r="62" fill="none" stroke="${ORANGE}" stroke-width="8"/><polygon points="${Array.from(
      { length: 10 },
      (_, i) => {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const r = i % 2 === 0 ? 46 : 20;
        return `${round(Math.cos(a) * r)},${round(Math.sin(a) * r)}`;
      },
    ).join(' ')}" fill="#e8ece2"/>`,
  ];
  const emblem = emblems[(spec.seed ?? Math.floor(rnd() * 4)) % emblems.length];
  // Caps of the condensed bold face run about 0.68 em wide: keep the name inside the 380 px beside the emblem.
  const size = Math.min(58, Math.floor(370 / (Math.max(name.length, 1) * 0.68)));
  return `<g transform="translate(110 150)">${emblem}</g>
    <text x="200" y="${caption ? 160 : 175}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#e8ece2">${name}</text>
    ${caption ? `<text x="202" y="205" font-family="${FONT}" font-size="26" letter-spacing="6" fill="${ORANGE_LIGHT}">${caption}</text>` : ''}`;
}

/** A round certification badge with an icon and its name. */
function badgeSvg(spec: PictureSpec): string {
  const name = escapeXml((spec.label ?? '').toUpperCase());
  const caption = escapeXml((spec.caption ?? '').toUpperCase());
  const icon =
    spec.seed === 1
      ? // a hard hat for safety training
        `<path d="M-70 20 a70 70 0 0 1 140 0z" fill="${ORANGE}"/><rect x="-90" y="18" width="180" height="18" rx="9" fill="${ORANGE}"/><rect x="-10" y="-52" width="20" height="60" fill="${INK[900]}"/>`
      : // a shield with a tick for insurance
        `<path d="M-62 -70 h124 v60 q0 62 -62 92 q-62 -30 -62 -92z" fill="${ORANGE}"/><path d="M-30 -8 l22 24 l40 -46" fill="none" stroke="${INK[900]}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`;
  return `<circle cx="200" cy="200" r="192" fill="${INK[900]}"/>
    <circle cx="200" cy="200" r="176" fill="none" stroke="${ORANGE}" stroke-width="8"/>
    <circle cx="200" cy="200" r="160" fill="none" stroke="#e8ece2" stroke-width="2" stroke-dasharray="6 8"/>
    <g transform="translate(200 150)">${icon}</g>
    <text x="200" y="280" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="40" fill="#e8ece2">${name}</text>
    ${caption ? `<text x="200" y="318" text-anchor="middle" font-family="${FONT}" font-size="22" letter-spacing="4" fill="${ORANGE_LIGHT}">${caption}</text>` : ''}`;
}

const SCENES: Record<Exclude<PictureKind, 'logo' | 'badge'>, (rnd: () => number) => string> = {
  range: (rnd) => rangeScene(rnd, 3, [1, 4]),
  target: targetScene,
  crosshair: crosshairScene,
  festival: (rnd) => festivalScene(rnd, true),
  corporate: corporateScene,
  party: partyScene,
  trailer: trailerScene,
  reaction: reactionScene,
  team: teamScene,
  scoreboard: scoreboardScene,
  marshal: marshalScene,
};

/** The SVG source of a demo picture (exported for tests and for previewing). */
export function pictureSvg(spec: PictureSpec): string {
  const rnd = random((spec.seed ?? 0) + spec.file.length * 97);
  if (spec.kind === 'logo')
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 600 300">${logoSvg(spec, rnd)}</svg>`;
  if (spec.kind === 'badge')
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 400 400">${badgeSvg(spec)}</svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 1200 800" preserveAspectRatio="xMidYMid slice">${DEFS}${SCENES[spec.kind](rnd)}</svg>`;
}

/**
 * A scene split in two for the demo videos (scripts/make-demo-videos.ts): the background without lit
 * targets and the foreground figures (no vignette), so the animation runs between them. The same seed
 * and file as a poster picture give the poster's scene. Drawn `width` wide at the scene's 3:2.
 */
export function videoSceneSvg(
  kind: 'range' | 'reaction',
  spec: Pick<PictureSpec, 'file' | 'width' | 'seed'>,
): SceneLayers {
  const rnd = random((spec.seed ?? 0) + spec.file.length * 97);
  const layers = kind === 'range' ? rangeLayers(rnd, 3, []) : reactionLayers(rnd, true);
  const svg = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${round((spec.width * 2) / 3)}" viewBox="0 0 1200 800">${DEFS}${body}</svg>`;
  return { back: svg(layers.back), front: svg(layers.front) };
}

export async function drawPicture(dir: string, spec: PictureSpec): Promise<void> {
  const target = path.join(dir, spec.file);
  try {
    await fs.access(target);
    return;
  } catch {
    // not drawn yet
  }
  const image = sharp(Buffer.from(pictureSvg(spec)));
  await (
    path.extname(spec.file) === '.png'
      ? image.png({ compressionLevel: 9, palette: true })
      : image.jpeg({ quality: 78, mozjpeg: true })
  ).toFile(target);
}
