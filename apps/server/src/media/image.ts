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
  /** The whole picture re-encoded at full size, with no metadata. */
  full: ImageOutput;
}

const webp = (image: Sharp, quality: number) => image.webp({ quality });

/** sharp (libvips, tens of MB) loads with the first image, not with the server. */
const loadSharp = async () => (await import('sharp')).default;

/**
 * Reads only the header (cheap even for a decompression bomb) and refuses images that are
 * unreadable or too large to decode safely.
 */
async function inspect(file: string) {
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

/**
 * Everything shown of an image (spec section 7): the 640x320 preview, the blurred full
 * image and blurred preview, a ThumbHash placeholder and the full-size image. Sharp keeps no
 * metadata unless asked, so EXIF, GPS, XMP and IPTC are gone from every output; the picture
 * is turned upright first, since the orientation tag goes with them.
 */
export async function makeImageDerivatives(file: string): Promise<ImageDerivatives> {
  const info = await inspect(file);
  const sharp = await loadSharp();
  const open = (options: SharpOptions = {}) => sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, ...options }).autoOrient();
  try {
    const thumb = await webp(open().resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover', position: sharp.strategy.attention }), 80).toBuffer();

    // Blur a tiny copy, then scale it up: what the eye sees is colour, never shapes.
    const scale = Math.min(1, BLUR_DISPLAY_MAX_PX / Math.max(info.width, info.height));
    const blurWidth = Math.max(1, Math.round(info.width * scale));
    const blurHeight = Math.max(1, Math.round(info.height * scale));
    const tiny = await open().resize(BLUR_SOURCE_PX, BLUR_SOURCE_PX, { fit: 'inside' }).blur(1).png().toBuffer();
    const blur = await webp(
      sharp(tiny).resize(blurWidth, blurHeight, { fit: 'fill' }).blur(blurSigma(blurWidth, blurHeight)),
      70,
    ).toBuffer();
    const tinyThumb = await open()
      .resize(BLUR_SOURCE_PX, Math.round((BLUR_SOURCE_PX * THUMB_HEIGHT) / THUMB_WIDTH), {
        fit: 'cover',
        position: sharp.strategy.attention,
      })
      .blur(1)
      .png()
      .toBuffer();
    const blurThumb = await webp(
      sharp(tinyThumb).resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'fill' }).blur(blurSigma(THUMB_WIDTH, THUMB_HEIGHT)),
      70,
    ).toBuffer();

    const small = await open()
      .resize(PLACEHOLDER_SOURCE_PX, PLACEHOLDER_SOURCE_PX, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const placeholder = Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, small.data)).toString('base64');

    // JPEG stays JPEG (what cameras make and every browser shows); everything else becomes WebP,
    // animated when the source is.
    const full =
      info.format === 'jpeg' && !info.animated
        ? { data: await open().jpeg({ quality: 88, progressive: true }).toBuffer(), contentType: 'image/jpeg' }
        : { data: await webp(open({ animated: info.animated }), 88).toBuffer(), contentType: PICTURE_TYPE };

    return {
      width: info.width,
      height: info.height,
      placeholder,
      thumb: { data: thumb, contentType: PICTURE_TYPE },
      blur: { data: blur, contentType: PICTURE_TYPE },
      blurThumb: { data: blurThumb, contentType: PICTURE_TYPE },
      full,
    };
  } catch (error) {
    throw new PermanentJobError('The image is damaged or incomplete and could not be processed.', { cause: error });
  }
}

/** Enough blur to smooth the enlarged pixels of the tiny copy into gradients. */
function blurSigma(width: number, height: number): number {
  return Math.max(1, Math.max(width, height) / BLUR_SOURCE_PX);
}
