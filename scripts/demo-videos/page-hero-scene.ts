// Browser JavaScript in a string, one part of the recording page's script (page-script.ts says why).
export const PAGE_HERO_SCENE = String.raw`
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
`;
