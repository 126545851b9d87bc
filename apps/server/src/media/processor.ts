import type { DerivativeKind, MediaKind } from '@aurum/core';
import { type ProgressListener, processAudio, processVideo } from './av.js';
import { makeImageDerivatives } from './image.js';
import type { MediaTools } from './tools.js';

/** A derivative ready to store: in memory (pictures) or in a file of the work dir (video, sound). */
export type DerivativeBody = { contentType: string } & ({ data: Buffer } | { path: string });

export interface ProcessedMedia {
  /** Usually the uploaded kind; a "video" file holding only sound comes back as audio. */
  kind: MediaKind;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  placeholder: string | null;
  derivatives: Partial<Record<DerivativeKind, DerivativeBody>>;
}

/**
 * Makes every derivative of one uploaded file (spec section 7), writing scratch files into
 * `workDir`. Throws PermanentJobError, with a reason for the creator, when the file cannot be used.
 * `onProgress` hears how far a video conversion has got (the only step that takes long).
 */
export async function processMediaFile(
  kind: MediaKind,
  input: string,
  tools: MediaTools,
  workDir: string,
  signal: AbortSignal,
  onProgress?: ProgressListener,
): Promise<ProcessedMedia> {
  if (kind === 'image') {
    const image = await makeImageDerivatives(input, workDir);
    return {
      kind,
      width: image.width,
      height: image.height,
      durationMs: null,
      placeholder: image.placeholder,
      derivatives: { thumb: image.thumb, blur: image.blur, blurThumb: image.blurThumb, playable: image.full },
    };
  }
  const av =
    kind === 'video' ? await processVideo(tools, input, workDir, signal, onProgress) : await processAudio(tools, input, workDir, signal);
  if (av.kind === 'audio') {
    return {
      kind: 'audio',
      width: null,
      height: null,
      durationMs: av.durationMs,
      placeholder: null,
      derivatives: { playable: av.playable },
    };
  }
  // The pictures of a video are made from its frame, exactly as for a photo.
  const frame = await makeImageDerivatives(av.frame, workDir);
  return {
    kind: 'video',
    width: av.width ?? frame.width,
    height: av.height ?? frame.height,
    durationMs: av.durationMs,
    placeholder: frame.placeholder,
    derivatives: { thumb: frame.thumb, blur: frame.blur, blurThumb: frame.blurThumb, poster: frame.full, playable: av.playable },
  };
}
