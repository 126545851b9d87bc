import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Test media made on the spot with ffmpeg, so no binary fixture lives in the repository. */
export function makeImage(dir: string, name = 'photo.png'): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x960:rate=1', '-frames:v', '1', file]);
  return file;
}

export function makeVideo(dir: string, name = 'clip.mp4'): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}
