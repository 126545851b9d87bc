import { UNSUPPORTED_FILE_TYPE_MESSAGE, UPLOAD_CHUNK_BYTES, UPLOADS_PATH, type UploadComplete } from '@aurum/core';
import { Upload } from 'tus-js-client';

export const UPLOAD_FAILED_MESSAGE = 'The upload failed. Check your connection and try again.';

/** Waits between automatic retries after a dropped connection; then the user may try again. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000];

export interface TusCallbacks {
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  onSuccess: (result: UploadComplete) => void;
  onError: (message: string, error: unknown) => void;
}

export interface RunningUpload {
  /** Stops sending. The server keeps what it has, so picking the same file again resumes. */
  abort: () => void;
}

interface ResponseLike {
  getStatus(): number;
  getBody(): string;
  getHeader(header: string): string | undefined;
}

function readJson(response: ResponseLike | null | undefined): unknown {
  try {
    return response ? JSON.parse(response.getBody()) : null;
  } catch {
    return null;
  }
}

/**
 * The sentence to show for a failed upload: the API's message when it answered in its error
 * shape, 'Unsupported file type' for a file that is not an image, video or audio.
 */
export function uploadErrorMessage(error: unknown): string {
  const response = (error as { originalResponse?: ResponseLike | null } | null)?.originalResponse;
  const body = readJson(response) as { message?: unknown } | null;
  if (response?.getStatus() === 415) return UNSUPPORTED_FILE_TYPE_MESSAGE;
  if (body && typeof body.message === 'string' && body.message) return body.message;
  return UPLOAD_FAILED_MESSAGE;
}

/** The new media from the request that completed the upload (its JSON body, else the id header). */
export function uploadResult(response: ResponseLike, file: Pick<File, 'type'>): UploadComplete | null {
  const body = readJson(response) as Partial<UploadComplete> | null;
  if (body && typeof body.mediaId === 'string' && body.kind && body.status) {
    return { mediaId: body.mediaId, kind: body.kind, mime: body.mime ?? file.type, status: body.status };
  }
  return null;
}

/**
 * Sends a file to the tus endpoint in UPLOAD_CHUNK_BYTES chunks (a smaller file goes in the
 * creation request). The upload's address is remembered in this browser under the file's
 * fingerprint, so after a reload, picking the same file again continues where it stopped.
 */
export function startTusUpload(file: File, callbacks: TusCallbacks): RunningUpload {
  let stopped = false;
  const upload = new Upload(file, {
    endpoint: UPLOADS_PATH,
    chunkSize: UPLOAD_CHUNK_BYTES,
    // A small file goes whole in the creation request. A larger one is created empty first, so its
    // address is stored before any bytes travel and a reload mid-way resumes from the last chunk.
    uploadDataDuringCreation: file.size <= UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, filetype: file.type },
    onProgress: (sent, total) => {
      if (!stopped) callbacks.onProgress(sent, total);
    },
    onSuccess: ({ lastResponse }) => {
      if (stopped) return;
      const result = uploadResult(lastResponse, file);
      if (result) callbacks.onSuccess(result);
      else callbacks.onError(UPLOAD_FAILED_MESSAGE, new Error('The finished upload named no media'));
    },
    onError: (error) => {
      if (!stopped) callbacks.onError(uploadErrorMessage(error), error);
    },
  });
  upload
    .findPreviousUploads()
    .then((previous) => {
      if (stopped) return;
      const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
      upload.start();
    })
    .catch((error: unknown) => {
      // No stored uploads to look at (private mode, say): start afresh.
      console.warn('Could not look up earlier uploads of this file.', error);
      if (!stopped) upload.start();
    });
  return {
    abort: () => {
      stopped = true;
      upload.abort(false).catch((error: unknown) => console.warn('Could not stop the upload.', error));
    },
  };
}
