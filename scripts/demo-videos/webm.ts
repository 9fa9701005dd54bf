// A minimal WebM (Matroska) muxer for the WebCodecs chunks of the hero clip.
import { FPS } from './clips.ts';

export interface Chunk {
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
export function muxWebm(chunks: Chunk[], width: number, height: number, seconds: number): Buffer {
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
