// Browser JavaScript in a string, one part of the recording page's script (page-script.ts says why).
export const PAGE_REACTION_SCENE = String.raw`
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
`;
