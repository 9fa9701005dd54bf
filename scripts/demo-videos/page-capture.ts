// Browser JavaScript in a string, one part of the recording page's script (page-script.ts says why).
// Turning a scene's frames into a video: recorded with MediaRecorder or encoded with WebCodecs.
export const PAGE_CAPTURE = String.raw`
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
