import { UNSUPPORTED_FILE_TYPE_MESSAGE, UPLOAD_CHUNK_BYTES } from '@aurum/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptFor, checkFileKind } from './file-kind';
import { mediaPhase } from './media-status';
import { UPLOAD_FAILED_MESSAGE, uploadErrorMessage } from './tus-upload';
import { UploadButton } from './UploadButton';
import { useUpload } from './useUpload';

/** useUpload refreshes the storage usage through react-query when an upload ends. */
let queryClient = new QueryClient();
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

/** A stand-in for tus-js-client's Upload that the test drives by hand. */
const tus = vi.hoisted(() => {
  const instances: any[] = [];
  class Upload {
    options: any;
    file: File;
    started = false;
    resumedFrom: unknown = null;
    aborted = false;
    previous: unknown[] = [];
    constructor(file: File, options: any) {
      this.file = file;
      this.options = options;
      instances.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve(this.previous);
    }
    resumeFromPreviousUpload(previous: unknown) {
      this.resumedFrom = previous;
    }
    start() {
      this.started = true;
    }
    abort() {
      this.aborted = true;
      return Promise.resolve();
    }
  }
  return { Upload, instances };
});
vi.mock('tus-js-client', () => ({ Upload: tus.Upload }));

const response = (status: number, body: unknown) => ({
  getStatus: () => status,
  getBody: () => (typeof body === 'string' ? body : JSON.stringify(body)),
  getHeader: () => undefined,
});

const image = () => new File([new Uint8Array(1024)], 'me.png', { type: 'image/png' });

let invalidated: unknown[] = [];
beforeEach(() => {
  queryClient = new QueryClient();
  invalidated = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => void invalidated.push(filters));
  tus.instances.length = 0;
});

describe('checkFileKind', () => {
  it('lets through the kinds asked for and refuses the rest with the product’s message', () => {
    expect(checkFileKind({ type: 'image/jpeg' }, ['image'])).toBeNull();
    expect(checkFileKind({ type: 'video/mp4' })).toBeNull();
    expect(checkFileKind({ type: 'audio/mpeg' })).toBeNull();
    expect(checkFileKind({ type: 'video/mp4' }, ['image'])).toBe('Unsupported file type');
    expect(checkFileKind({ type: 'application/pdf' })).toBe(UNSUPPORTED_FILE_TYPE_MESSAGE);
    expect(checkFileKind({ type: 'text/plain' })).toBe(UNSUPPORTED_FILE_TYPE_MESSAGE);
    // The browser could not tell: the server decides from the bytes.
    expect(checkFileKind({ type: '' }, ['image'])).toBeNull();
    expect(acceptFor(['image', 'video'])).toBe('image/*,video/*');
  });
});

describe('uploadErrorMessage', () => {
  it('shows the API’s message, and the product’s words for a refused file type', () => {
    const refused = {
      originalResponse: response(415, { type: 'unsupported_file_type', message: 'Unsupported file type', statusCode: 415 }),
    };
    expect(uploadErrorMessage(refused)).toBe('Unsupported file type');
    expect(uploadErrorMessage({ originalResponse: response(415, 'not json') })).toBe('Unsupported file type');
    const tooLarge = { originalResponse: response(413, { type: 'upload_too_large', message: 'The file is too large.', statusCode: 413 }) };
    expect(uploadErrorMessage(tooLarge)).toBe('The file is too large.');
    expect(uploadErrorMessage(new Error('xhr failed'))).toBe(UPLOAD_FAILED_MESSAGE);
  });
});

describe('mediaPhase', () => {
  it('follows the upload, then the server’s processing', () => {
    expect(mediaPhase('idle', undefined)).toBe('idle');
    expect(mediaPhase('uploading', undefined)).toBe('uploading');
    expect(mediaPhase('error', undefined)).toBe('error');
    expect(mediaPhase('done', undefined)).toBe('processing');
    expect(mediaPhase('done', 'processing')).toBe('processing');
    expect(mediaPhase('done', 'ready')).toBe('ready');
    expect(mediaPhase('done', 'failed')).toBe('failed');
  });
});

describe('useUpload', () => {
  it('sends 5 MiB chunks that can resume, reports progress and gives the media id', async () => {
    const onComplete = vi.fn();
    const { result } = renderHook(() => useUpload({ kinds: ['image'], onComplete }), { wrapper });
    const file = image();
    act(() => result.current.start(file));
    expect(result.current).toMatchObject({ state: 'uploading', progress: 0, file });

    const upload = tus.instances[0];
    expect(upload.options).toMatchObject({
      endpoint: '/api/uploads',
      chunkSize: UPLOAD_CHUNK_BYTES,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      uploadDataDuringCreation: true,
      metadata: { filename: 'me.png', filetype: 'image/png' },
    });
    await vi.waitFor(() => expect(upload.started).toBe(true));

    act(() => upload.options.onProgress(512, 1024));
    expect(result.current).toMatchObject({ state: 'uploading', progress: 50, bytesSent: 512 });

    act(() =>
      upload.options.onSuccess({ lastResponse: response(201, { mediaId: 'm1', kind: 'image', mime: 'image/png', status: 'processing' }) }),
    );
    expect(result.current).toMatchObject({ state: 'done', progress: 100, mediaId: 'm1', error: null });
    expect(onComplete).toHaveBeenCalledWith({ mediaId: 'm1', kind: 'image', mime: 'image/png', status: 'processing' });
    // The storage the upload took shows at once.
    expect(invalidated).toContainEqual({ queryKey: ['mediaUsage'] });
  });

  it('creates a file larger than one chunk empty first, so its address is kept before any bytes travel', () => {
    const { result } = renderHook(() => useUpload(), { wrapper });
    act(() => result.current.start(new File([new Uint8Array(UPLOAD_CHUNK_BYTES + 1)], 'long.mp4', { type: 'video/mp4' })));
    expect(tus.instances[0].options).toMatchObject({ chunkSize: UPLOAD_CHUNK_BYTES, uploadDataDuringCreation: false });
  });

  it('resumes the latest upload of the same file left from before a reload', async () => {
    const { result } = renderHook(() => useUpload(), { wrapper });
    tus.Upload.prototype.findPreviousUploads = function (this: any) {
      return Promise.resolve([
        { uploadUrl: '/api/uploads/old', creationTime: '2026-11-01T10:00:00.000Z' },
        { uploadUrl: '/api/uploads/newer', creationTime: '2026-11-02T10:00:00.000Z' },
      ]);
    };
    try {
      act(() => result.current.start(image()));
      const upload = tus.instances[0];
      await vi.waitFor(() => expect(upload.started).toBe(true));
      expect(upload.resumedFrom).toMatchObject({ uploadUrl: '/api/uploads/newer' });
    } finally {
      tus.Upload.prototype.findPreviousUploads = function (this: any) {
        return Promise.resolve(this.previous);
      };
    }
  });

  it('refuses a file of the wrong kind at once, and shows the server’s refusal of one', async () => {
    const { result } = renderHook(() => useUpload({ kinds: ['image'] }), { wrapper });
    act(() => result.current.start(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })));
    expect(result.current).toMatchObject({ state: 'error', error: 'Unsupported file type' });
    expect(tus.instances).toHaveLength(0);

    // Named like an image, but the bytes say otherwise: the server answers 415.
    act(() => result.current.start(new File(['just text'], 'fake.png', { type: 'image/png' })));
    const upload = tus.instances[0];
    act(() =>
      upload.options.onError({ originalResponse: response(415, { type: 'unsupported_file_type', message: 'Unsupported file type' }) }),
    );
    expect(result.current).toMatchObject({ state: 'error', error: 'Unsupported file type', mediaId: null });
  });

  it('stops without deleting the upload when the page goes away', async () => {
    const { result, unmount } = renderHook(() => useUpload(), { wrapper });
    act(() => result.current.start(image()));
    const upload = tus.instances[0];
    unmount();
    expect(upload.aborted).toBe(true);
  });
});

describe('UploadButton', () => {
  function Harness() {
    const upload = useUpload({ kinds: ['image'] });
    return (
      <>
        <UploadButton upload={upload} name="avatar">
          Upload avatar
        </UploadButton>
        <p>{upload.error ?? upload.state}</p>
      </>
    );
  }

  it('opens the picker from a real button and uploads the chosen file', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />, { wrapper });
    const input = container.querySelector<HTMLInputElement>('input[type="file"][name="avatar"]')!;
    expect(input.accept).toBe('image/*');
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Upload avatar' }));
    expect(click).toHaveBeenCalled();

    await user.upload(input, image());
    expect(screen.getByText('uploading')).toBeTruthy();
    expect(tus.instances).toHaveLength(1);
  });
});
