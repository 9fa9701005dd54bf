// `node dist/server/draw-demo-media.js <upload folder> <demo/media folder>`: draws the demo pictures
// and copies the demo videos into the upload folder. The server runs it as a child process at first
// run (bootstrap/demo-content.ts), so the image library's SVG renderer never loads into the server
// and the memory it used is returned to the system when this process ends (issue 18).
import { drawDemoMedia } from './demo-media.ts';

const [uploadDir, videoSourceDir] = process.argv.slice(2);
if (!uploadDir || !videoSourceDir) {
  process.stderr.write('Usage: draw-demo-media <upload folder> <demo/media folder>\n');
  process.exit(2);
}
await drawDemoMedia(uploadDir, videoSourceDir);
