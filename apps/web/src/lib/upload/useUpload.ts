import type { MediaKind, UploadComplete } from '@aurum/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../query-keys';
import { ALL_MEDIA_KINDS, checkFileKind } from './file-kind';
import { type RunningUpload, startTusUpload } from './tus-upload';

/** idle: nothing picked; uploading: bytes on their way; done: the server has the file (it may still be processing); error: refused or failed. */
export type UploadState = 'idle' | 'uploading' | 'done' | 'error';

export interface UploadSnapshot {
  state: UploadState;
  file: File | null;
  bytesSent: number;
  bytesTotal: number;
  /** Whole percent, 0 to 100. */
  progress: number;
  /** The media id once the upload is complete. */
  mediaId: string | null;
  result: UploadComplete | null;
  /** What went wrong, in words for the user ('Unsupported file type', for one). */
  error: string | null;
}

export interface UploadController extends UploadSnapshot {
  /** Uploads the file (replacing any earlier one); a file of the wrong kind fails at once. */
  start: (file: File) => void;
  /** Stops the upload; the same file picked again later resumes. */
  cancel: () => void;
  /** Back to idle, forgetting the file and any result. */
  reset: () => void;
  /** The media kinds this upload accepts. */
  kinds: readonly MediaKind[];
}

export interface UseUploadOptions {
  /** Which media kinds to accept; all three by default. */
  kinds?: readonly MediaKind[];
  /** Called once when an upload completes. */
  onComplete?: (result: UploadComplete) => void;
}

const IDLE: UploadSnapshot = {
  state: 'idle',
  file: null,
  bytesSent: 0,
  bytesTotal: 0,
  progress: 0,
  mediaId: null,
  result: null,
  error: null,
};

export const percentOf = (sent: number, total: number) => (total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0);

/**
 * One resumable upload, for a form field: `start(file)`, then watch `state`, `progress` and
 * `mediaId`. Leaving the page stops the upload without deleting it, so it can resume.
 */
export function useUpload({ kinds = ALL_MEDIA_KINDS, onComplete }: UseUploadOptions = {}): UploadController {
  const queryClient = useQueryClient();
  const [snapshot, setSnapshot] = useState<UploadSnapshot>(IDLE);
  const running = useRef<RunningUpload | null>(null);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    (file: File) => {
      stop();
      const refusal = checkFileKind(file, kinds);
      if (refusal) {
        setSnapshot({ ...IDLE, state: 'error', file, bytesTotal: file.size, error: refusal });
        return;
      }
      setSnapshot({ ...IDLE, state: 'uploading', file, bytesTotal: file.size });
      const upload = startTusUpload(file, {
        onProgress: (bytesSent, bytesTotal) =>
          setSnapshot((current) =>
            current.file === file ? { ...current, bytesSent, bytesTotal, progress: percentOf(bytesSent, bytesTotal) } : current,
          ),
        onSuccess: (result) => {
          if (running.current !== upload) return;
          running.current = null;
          void queryClient.invalidateQueries({ queryKey: queryKeys.mediaUsage });
          setSnapshot((current) => ({ ...current, state: 'done', progress: 100, bytesSent: file.size, mediaId: result.mediaId, result }));
          onCompleteRef.current?.(result);
        },
        onError: (message) => {
          if (running.current !== upload) return;
          running.current = null;
          // A refusal may be the storage quota: show what is left as it is now.
          void queryClient.invalidateQueries({ queryKey: queryKeys.mediaUsage });
          setSnapshot((current) => ({ ...current, state: 'error', error: message }));
        },
      });
      running.current = upload;
    },
    [kinds, stop, queryClient],
  );

  const cancel = useCallback(() => {
    stop();
    setSnapshot((current) => (current.state === 'uploading' ? IDLE : current));
  }, [stop]);

  const reset = useCallback(() => {
    stop();
    setSnapshot(IDLE);
  }, [stop]);

  return { ...snapshot, start, cancel, reset, kinds };
}
