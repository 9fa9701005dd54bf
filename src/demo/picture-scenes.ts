// The photo-like demo scenes, each drawn from a seeded random source so two pictures of one kind differ.

import {
  bunting,
  INK,
  OLIVE,
  OLIVE_DARK,
  ORANGE,
  ORANGE_LIGHT,
  person,
  round,
  shooter,
  target,
  VIGNETTE,
  type SceneLayers,
} from './picture-parts.ts';

/** The indoor/outdoor range seen from behind the firing line: lanes, targets, lights. */
export function rangeLayers(rnd: () => number, shooters: number, lit: number[]): SceneLayers {
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

export function rangeScene(rnd: () => number, shooters: number, lit: number[]): string {
  const { back, front } = rangeLayers(rnd, shooters, lit);
  return back + front + VIGNETTE;
}

export function targetScene(rnd: () => number): string {
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

export function crosshairScene(rnd: () => number): string {
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

export function festivalScene(rnd: () => number, dusk: boolean): string {
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

export function corporateScene(rnd: () => number): string {
  const parts = [rangeScene(rnd, 0, [1, 4])];
  // a team watching the leaderboard in the foreground
  const colours = [INK[950], INK[900], INK[950], INK[800], INK[950]];
  colours.forEach((colour, i) =>
    parts.push(person(140 + i * 220 + rnd() * 40, 820, 300 + rnd() * 60, colour)),
  );
  parts.push(shooter(520, 800, 330, INK[950]));
  return parts.join('');
}

export function partyScene(rnd: () => number): string {
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

export function trailerScene(rnd: () => number): string {
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
export function reactionLayers(rnd: () => number, dark = false): SceneLayers {
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

export function reactionScene(rnd: () => number): string {
  const { back, front } = reactionLayers(rnd);
  return back + front + VIGNETTE;
}

export function teamScene(rnd: () => number): string {
  return rangeScene(rnd, 4, [0, 3, 5]);
}

export function scoreboardScene(rnd: () => number): string {
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

export function marshalScene(rnd: () => number): string {
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
