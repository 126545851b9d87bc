import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string | null>();

/**
 * The tiny blurred picture a ThumbHash (base64, as the API sends it) stands for, as a data
 * URL to paint while the real image loads. Null when there is none or it cannot be read.
 */
export function placeholderDataUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const known = cache.get(hash);
  if (known !== undefined) return known;
  let url: string | null = null;
  try {
    const bytes = Uint8Array.from(atob(hash), (char) => char.charCodeAt(0));
    url = thumbHashToDataURL(bytes);
  } catch {
    url = null;
  }
  cache.set(hash, url);
  return url;
}
