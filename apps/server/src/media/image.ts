import path from 'node:path';
import { THUMB_HEIGHT, THUMB_WIDTH } from '@aurum/core';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { PermanentJobError } from '../jobs/queue.js';

/** Larger images are refused before decoding: a small file can declare billions of pixels. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** The blurred versions are made from a picture this small, so no detail can survive. */
const BLUR_SOURCE_PX = 32;
/** The blurred full image is shown at most this large. */
const BLUR_DISPLAY_MAX_PX = 1280;
/** ThumbHash works on at most 100x100 pixels. */
const PLACEHOLDER_SOURCE_PX = 100;
/**
 * A picture that cannot be shrunk while it is decoded (anything but a JPEG) is decoded once
 * into memory when its pixels fit in this much, and both the full copy and the small versions
 * are made from those pixels. A larger one is decoded twice, streamed each time, so that
 * memory stays bounded whatever the size.
 */
const DECODED_PIXELS_BUDGET_BYTES = 64 * 1024 * 1024;

/** Thumbnails, blurred versions and the full picture of anything but a JPEG (a video's poster included: its frame is a PNG). */
export const PICTURE_TYPE = 'image/webp';

export interface ImageOutput {
  data: Buffer;
  contentType: string;
}

export interface ImageDerivatives {
  width: number;
  height: number;
  /** ThumbHash, base64. */
  placeholder: string;
  thumb: ImageOutput;
  blur: ImageOutput;
  blurThumb: ImageOutput;
  /** The whole picture re-encoded at full size, with no metadata, written to a file of the work dir. */
  full: { path: string; contentType: string };
}

/** sharp (libvips, tens of MB) loads with the first image, not with the server. */
const loadSharp = async () => (await import('sharp')).default;

interface ImageInfo {
  /** Size as shown, upright. */
  width: number;
  height: number;
  format: string | undefined;
  animated: boolean;
}

/**
 * Reads only the header (cheap even for a decompression bomb) and refuses images that are
 * unreadable or too large to decode safely.
 */
async function inspect(file: string): Promise<ImageInfo> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new PermanentJobError('The image could not be read. The file may be damaged or in a format that is not supported.');
  }
  const { width, height } = meta;
  const pages = meta.pages ?? 1;
  if (!width || !height) throw new PermanentJobError('The image could not be read: it has no size.');
  if (width * height * pages > MAX_IMAGE_PIXELS) {
    throw new PermanentJobError(
      `The image is too large (${width}×${height} pixels${pages > 1 ? ` × ${pages} frames` : ''}); the limit is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
  }
  // EXIF orientations 5-8 turn the picture a quarter, so width and height swap when shown upright.
  const upright = (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
  return { ...upright, format: meta.format, animated: pages > 1 };
}

/** Decoded pixels, upright and in sRGB, with what sharp needs to read them back. */
interface Pixels {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The smallest size, in proportion, that still covers the 640x320 preview: every small
 * version is made from a picture this size. Never larger than the image itself.
 */
function coverSize(info: ImageInfo): { width: number; height: number } {
  const scale = Math.max(THUMB_WIDTH / info.width, THUMB_HEIGHT / info.height);
  if (scale >= 1) return { width: info.width, height: info.height };
  return {
    width: Math.max(THUMB_WIDTH, Math.ceil(info.width * scale)),
    height: Math.max(THUMB_HEIGHT, Math.ceil(info.height * scale)),
  };
}

const toPixels = async (image: Sharp): Promise<Pixels> => {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
};

/**
 * Everything shown of an image (spec section 7): the 640x320 preview, the blurred full
 * image and blurred preview, a ThumbHash placeholder and the full-size image, written to
 * `workDir`. Sharp keeps no metadata unless asked, so EXIF, GPS, XMP and IPTC are gone from
 * every output; the picture is turned upright first, since the orientation tag goes with them.
 *
 * The image is decoded in full at most once. The full copy is streamed from the file to the
 * output (libvips holds a few lines at a time, and the JPEG encoder keeps standard Huffman
 * tables so that it need not hold the whole picture either). The small versions all come from
 * one picture just large enough to cover the preview: a JPEG gives it by decoding at 1/2, 1/4
 * or 1/8 scale (shrink-on-load), at the same time as the full copy is made. Other formats
 * cannot be shrunk while decoded, so their pixels are decoded once into memory when small
 * enough and both are made from them.
 */
export async function makeImageDerivatives(file: string, workDir: string): Promise<ImageDerivatives> {
  const info = await inspect(file);
  const sharp = await loadSharp();
  const open = (options: SharpOptions = {}) => sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, ...options }).autoOrient();
  const fullPath = path.join(workDir, 'picture-full');
  const jpeg = info.format === 'jpeg' && !info.animated;
  const cover = coverSize(info);
  const shrinkToCover = (image: Sharp) => image.resize(cover.width, cover.height, { fit: 'fill' });

  // JPEG stays JPEG (what cameras make and every browser shows); everything else becomes WebP,
  // animated when the source is.
  const encodeFull = (image: Sharp) =>
    jpeg ? image.jpeg({ quality: 88, optimiseCoding: false }).toFile(fullPath) : image.webp({ quality: 88 }).toFile(fullPath);

  // The small versions, made as soon as the small picture is there, while the full copy is still being written.
  const smallVersions = async (small: Pixels) => {
    const fromSmall = () => sharp(small.data, { raw: small.raw });
    const [thumb, blur, blurThumb, placeholder] = await Promise.all([
      webp(fromSmall().resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover', position: sharp.strategy.attention }), 80),
      makeBlur(sharp, fromSmall().resize(BLUR_SOURCE_PX, BLUR_SOURCE_PX, { fit: 'inside' }), blurDisplaySize(info)),
      makeBlur(
        sharp,
        fromSmall().resize(BLUR_SOURCE_PX, Math.round((BLUR_SOURCE_PX * THUMB_HEIGHT) / THUMB_WIDTH), {
          fit: 'cover',
          position: sharp.strategy.attention,
        }),
        { width: THUMB_WIDTH, height: THUMB_HEIGHT },
      ),
      fromSmall()
        .resize(PLACEHOLDER_SOURCE_PX, PLACEHOLDER_SOURCE_PX, { fit: 'inside' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64')),
    ]);
    return { thumb, blur, blurThumb, placeholder };
  };

  try {
    let full: Promise<unknown>;
    let small: Promise<Awaited<ReturnType<typeof smallVersions>>>;
    const decodedBytes = info.width * info.height * 4;
    if (jpeg || info.animated || decodedBytes > DECODED_PIXELS_BUDGET_BYTES) {
      // Two passes over the file at once: the full copy, and the small picture (shrunk while
      // decoded for a JPEG; the first frame of an animation).
      full = encodeFull(open({ animated: info.animated }));
      small = toPixels(shrinkToCover(open())).then(smallVersions);
    } else {
      const decoded = await toPixels(open());
      full = encodeFull(sharp(decoded.data, { raw: decoded.raw }));
      small = toPixels(shrinkToCover(sharp(decoded.data, { raw: decoded.raw }))).then(smallVersions);
    }
    // Both settle before anything is returned or thrown: no pass keeps writing into the work dir.
    const [fullDone, smallDone] = await Promise.allSettled([full, small]);
    if (fullDone.status === 'rejected') throw fullDone.reason;
    if (smallDone.status === 'rejected') throw smallDone.reason;
    const { thumb, blur, blurThumb, placeholder } = smallDone.value;

    return {
      width: info.width,
      height: info.height,
      placeholder,
      thumb: { data: thumb, contentType: PICTURE_TYPE },
      blur: { data: blur, contentType: PICTURE_TYPE },
      blurThumb: { data: blurThumb, contentType: PICTURE_TYPE },
      full: { path: fullPath, contentType: jpeg ? 'image/jpeg' : PICTURE_TYPE },
    };
  } catch (error) {
    throw new PermanentJobError('The image is damaged or incomplete and could not be processed.', { cause: error });
  }
}

const webp = (image: Sharp, quality: number) => image.webp({ quality }).toBuffer();

function blurDisplaySize(info: ImageInfo): { width: number; height: number } {
  const scale = Math.min(1, BLUR_DISPLAY_MAX_PX / Math.max(info.width, info.height));
  return { width: Math.max(1, Math.round(info.width * scale)), height: Math.max(1, Math.round(info.height * scale)) };
}

/** The blur is worked at 1/8 of the size shown, then scaled up smoothly: the same picture for a fraction of the work. */
const BLUR_WORK_SCALE = 8;

/**
 * Blurs a tiny copy, then scales it up and blurs again: what the eye sees is colour, never
 * shapes, whatever the size shown. Nothing but gradients is left, so the encoder's quicker
 * effort loses nothing worth its time.
 */
async function makeBlur(sharp: Awaited<ReturnType<typeof loadSharp>>, tiny: Sharp, size: { width: number; height: number }) {
  const source = await tiny.blur(1).png().toBuffer();
  const work = {
    width: Math.max(1, Math.round(size.width / BLUR_WORK_SCALE)),
    height: Math.max(1, Math.round(size.height / BLUR_WORK_SCALE)),
  };
  const sigma = Math.max(1, Math.max(size.width, size.height) / BLUR_SOURCE_PX / BLUR_WORK_SCALE);
  const blurred = await toPixels(sharp(source).resize(work.width, work.height, { fit: 'fill' }).blur(sigma));
  return sharp(blurred.data, { raw: blurred.raw })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
    .webp({ quality: 70, effort: 2 })
    .toBuffer();
}
