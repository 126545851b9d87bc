import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { THUMB_HEIGHT, THUMB_WIDTH } from '@aurum/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithLocation } from '../../test/media-fixtures.js';
import { PermanentJobError } from '../jobs/queue.js';
import { makeImageDerivatives } from './image.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'aurum-image-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function input(name: string, bytes: Buffer): Promise<{ file: string; workDir: string }> {
  const workDir = await mkdtemp(path.join(dir, 'work-'));
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return { file, workDir };
}

const size = async (bytes: Buffer | string) => {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, pages: meta.pages ?? 1, exif: meta.exif };
};

describe('image derivatives', { timeout: 60_000 }, () => {
  it('makes every size of a JPEG, the full copy streamed to a file in the work dir', async () => {
    const { file, workDir } = await input('photo.jpg', await jpegWithLocation(2400, 1800));
    const result = await makeImageDerivatives(file, workDir);
    expect({ width: result.width, height: result.height }).toEqual({ width: 2400, height: 1800 });
    expect(result.full).toEqual({ path: path.join(workDir, 'picture-full'), contentType: 'image/jpeg' });
    expect(await size(result.full.path)).toMatchObject({ width: 2400, height: 1800, format: 'jpeg', exif: undefined });
    expect(await size(result.thumb.data)).toMatchObject({ width: THUMB_WIDTH, height: THUMB_HEIGHT, format: 'webp' });
    expect(await size(result.blur.data)).toMatchObject({ width: 1280, height: 960, format: 'webp' });
    expect(await size(result.blurThumb.data)).toMatchObject({ width: THUMB_WIDTH, height: THUMB_HEIGHT, format: 'webp' });
    expect(result.placeholder.length).toBeGreaterThan(10);
  });

  it('makes a PNG with transparency into WebP from one decode, keeping its alpha', async () => {
    const png = await sharp({ create: { width: 900, height: 700, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const { file, workDir } = await input('logo.png', png);
    const result = await makeImageDerivatives(file, workDir);
    expect(result.full.contentType).toBe('image/webp');
    const full = await sharp(result.full.path).metadata();
    expect({ width: full.width, height: full.height, hasAlpha: full.hasAlpha }).toEqual({ width: 900, height: 700, hasAlpha: true });
    expect(await size(result.thumb.data)).toMatchObject({ width: THUMB_WIDTH, height: THUMB_HEIGHT });
    expect(await size(result.blur.data)).toMatchObject({ width: 900, height: 700 });
  });

  it('streams a picture too large to hold decoded, and upscales a tiny one to the preview size', async () => {
    // 4,200 x 4,100 RGBA is 66 MiB decoded: over the budget for holding it in memory.
    const large = await sharp({ create: { width: 4200, height: 4100, channels: 3, background: '#468' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const big = await input('large.png', large);
    const bigResult = await makeImageDerivatives(big.file, big.workDir);
    expect(await size(bigResult.full.path)).toMatchObject({ width: 4200, height: 4100, format: 'webp' });
    expect(await size(bigResult.thumb.data)).toMatchObject({ width: THUMB_WIDTH, height: THUMB_HEIGHT });

    const tiny = await input(
      'tiny.png',
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })
        .png()
        .toBuffer(),
    );
    const tinyResult = await makeImageDerivatives(tiny.file, tiny.workDir);
    expect(await size(tinyResult.thumb.data)).toMatchObject({ width: THUMB_WIDTH, height: THUMB_HEIGHT });
    expect(await size(tinyResult.blur.data)).toMatchObject({ width: 40, height: 30 });
  });

  it('keeps an animation animated in the full copy and previews its first frame', async () => {
    // Three frames of different colours, stacked as libvips keeps an animation.
    const frame = 320 * 480 * 3;
    const pixels = Buffer.alloc(3 * frame);
    for (let i = 0; i < pixels.length; i += 3) pixels[i + Math.floor(i / frame)] = 200;
    const gif = await sharp(pixels, { raw: { width: 320, height: 3 * 480, channels: 3, pageHeight: 480 } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const { file, workDir } = await input('loop.gif', gif);
    const result = await makeImageDerivatives(file, workDir);
    expect(await size(result.full.path)).toMatchObject({ format: 'webp', pages: 3, width: 320 });
    expect(await size(result.thumb.data)).toMatchObject({ width: THUMB_WIDTH, height: THUMB_HEIGHT, pages: 1 });
  });

  it('refuses a damaged JPEG with a reason, once both passes have stopped', async () => {
    const photo = await jpegWithLocation(1200, 900);
    const { file, workDir } = await input('cut.jpg', photo.subarray(0, Math.floor(photo.length * 0.6)));
    await expect(makeImageDerivatives(file, workDir)).rejects.toThrow(PermanentJobError);
    await expect(makeImageDerivatives(file, workDir)).rejects.toThrow('The image is damaged or incomplete');
    // Whatever a pass had written is in the work dir, which the caller removes.
    for (const name of await readdir(workDir)) expect(name).toBe('picture-full');
  });
});
