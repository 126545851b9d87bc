import { type MediaKind, mediaKindOfMime, UNSUPPORTED_FILE_TYPE_MESSAGE } from '@aurum/core';

/** Every kind of media the product accepts (spec section 5). */
export const ALL_MEDIA_KINDS: readonly MediaKind[] = ['image', 'video', 'audio'];

/** The `accept` attribute of a file input for these kinds, e.g. "image/*,video/*". */
export function acceptFor(kinds: readonly MediaKind[]): string {
  return kinds.map((kind) => `${kind}/*`).join(',');
}

/**
 * A quick check of a picked file before anything is sent: the message to show, or null to go
 * ahead. The browser's type comes from the file name, so this only catches the obvious; the
 * server judges the file by its bytes. A file the browser cannot name goes to the server.
 */
export function checkFileKind(file: Pick<File, 'type'>, kinds: readonly MediaKind[] = ALL_MEDIA_KINDS): string | null {
  if (!file.type) return null;
  const kind = mediaKindOfMime(file.type);
  return kind && kinds.includes(kind) ? null : UNSUPPORTED_FILE_TYPE_MESSAGE;
}
