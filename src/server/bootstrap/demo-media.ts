// Demo pictures are drawn at seed time (a labelled gradient per item), so the repository ships no
// large binaries; the two demo videos are small files in demo/media.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PictureSpec {
  file: string;
  label: string;
  width: number;
  height: number;
  from: string;
  to: string;
}

export async function drawPicture(dir: string, spec: PictureSpec): Promise<void> {
  const target = path.join(dir, spec.file);
  try {
    await fs.access(target);
    return;
  } catch {
    // not drawn yet
  }
  const fontSize = Math.round(Math.min(spec.width / Math.max(spec.label.length, 8), spec.height / 5) * 1.4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${spec.from}"/><stop offset="1" stop-color="${spec.to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${spec.width * 0.82}" cy="${spec.height * 0.3}" r="${spec.height * 0.18}" fill="none" stroke="#ff6a00" stroke-width="${spec.height * 0.02}"/>
  <circle cx="${spec.width * 0.82}" cy="${spec.height * 0.3}" r="${spec.height * 0.08}" fill="none" stroke="#ff6a00" stroke-width="${spec.height * 0.02}"/>
  <text x="50%" y="62%" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${fontSize}"
    fill="#ffffff" text-anchor="middle">${escapeXml(spec.label)}</text>
</svg>`;
  const extension = path.extname(spec.file);
  const image = sharp(Buffer.from(svg));
  await (extension === '.png' ? image.png() : image.jpeg({ quality: 80, mozjpeg: true })).toFile(target);
}

export async function copyDemoVideo(sourceDir: string, dir: string, file: string): Promise<void> {
  const target = path.join(dir, file);
  try {
    await fs.access(target);
  } catch {
    await fs.copyFile(path.join(sourceDir, file), target);
  }
}
