import { ERROR_CATALOG } from './errors.js';
import { z } from './zod-config.js';

/**
 * Uploaded media and what the server makes of it (spec sections 5, 7 and 9). Shared by the
 * server, which enforces it, and the browser, which pre-checks picked files and shows status.
 */

export const MEDIA_KINDS = ['image', 'video', 'audio'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A media item is 'processing' from upload until its derivatives exist ('ready') or the job gave up ('failed'). */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * What the server derives from an upload. The uploaded file itself is never served (it may
 * carry the creator's location); 'playable' is what viewers allowed the original get.
 * - thumb: 640x320 cover-cropped preview (image, video)
 * - blur: the full picture blurred beyond recognition (image, video)
 * - blurThumb: the preview blurred the same way (image, video)
 * - poster: a frame of the video (video)
 * - playable: the full-quality version stripped of all metadata: the re-encoded image,
 *   an H.264/AAC MP4 for video, a browser-playable file for audio
 */
export const DERIVATIVE_KINDS = ['thumb', 'blur', 'blurThumb', 'poster', 'playable'] as const;
export type DerivativeKind = (typeof DERIVATIVE_KINDS)[number];

/** Spec section 9: "Thumbnail preview 640x320". */
export const THUMB_WIDTH = 640;
export const THUMB_HEIGHT = 320;

/** The tus endpoint; uploads are sent in UPLOAD_CHUNK_BYTES chunks. */
export const UPLOADS_PATH = '/api/uploads';
/** Response header carrying the new media id when an upload completes. */
export const MEDIA_ID_HEADER = 'Aurum-Media-Id';
/** Spec section 5: the refusal for anything that is not an image, a video or audio. */
export const UNSUPPORTED_FILE_TYPE_MESSAGE = ERROR_CATALOG.unsupportedFileType.message;

/** The kind of media a MIME type names, or null when uploads do not accept it. */
export function mediaKindOfMime(mime: string): MediaKind | null {
  const top = mime.trim().toLowerCase().split('/')[0];
  return (MEDIA_KINDS as readonly string[]).includes(top ?? '') ? (top as MediaKind) : null;
}

/** The owner's storage: what their uploads take and what they may take (null: no limit). */
export const MEDIA_USAGE_PATH = '/api/media/usage';
export const mediaUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive().nullable(),
});
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

/** The answer to a completed upload (and the body of the final tus request). */
export const uploadCompleteSchema = z.object({
  mediaId: z.string(),
  kind: z.enum(MEDIA_KINDS),
  mime: z.string(),
  status: z.enum(MEDIA_STATUSES),
});
export type UploadComplete = z.infer<typeof uploadCompleteSchema>;

/** Processing status of one media item, for its owner. */
export const mediaStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  mime: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(MEDIA_STATUSES),
  /** Why processing failed, in words for the creator. */
  failureReason: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** A ThumbHash (base64) to paint while the real picture loads. */
  placeholder: z.string().nullable(),
  /** Which derivatives exist (see DERIVATIVE_KINDS). */
  derivatives: z.object({ thumb: z.boolean(), blur: z.boolean(), blurThumb: z.boolean(), poster: z.boolean(), playable: z.boolean() }),
  createdAt: z.iso.datetime({ offset: true }),
  processedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MediaStatusView = z.infer<typeof mediaStatusSchema>;
