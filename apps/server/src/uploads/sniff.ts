import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { type MediaKind, mediaKindOfMime } from '@aurum/core';

export interface SniffedType {
  mime: string;
  kind: MediaKind;
}

/**
 * What the file really is, judged by its first bytes (magic numbers), never by its name or
 * the type the client claimed. Null for anything that is not an image, video or audio,
 * including files no signature is known for (plain text, for one). Consumes the stream.
 */
export async function sniffMediaType(stream: Readable): Promise<SniffedType | null> {
  // Loaded with the first upload, not with the server.
  const { fileTypeFromStream } = await import('file-type');
  let readError: unknown = null;
  stream.once('error', (error) => {
    readError = error;
  });
  try {
    // Through a web stream, which file-type reads correctly whatever mode the Node stream is in.
    const detected = await fileTypeFromStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>);
    const kind = detected ? mediaKindOfMime(detected.mime) : null;
    return detected && kind ? { mime: detected.mime, kind } : null;
  } catch {
    // Failing to read is the store's problem (worth a retry); failing to parse means the bytes are not media.
    if (readError) throw readError;
    return null;
  } finally {
    stream.destroy();
  }
}
