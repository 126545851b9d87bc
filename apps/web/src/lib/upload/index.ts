/**
 * Resumable uploads (tus) for any feature: `useUpload()` for the transfer, `useMediaStatus()`
 * for the server's processing, `<UploadButton>` to pick a file, `<UploadStatus>` to show it.
 */
export { ALL_MEDIA_KINDS, acceptFor, checkFileKind } from './file-kind';
export { type MediaPhase, mediaPhase, mediaStatusQuery, useMediaStatus } from './media-status';
export { mediaUsageQuery, StorageUsage } from './media-usage';
export { UPLOAD_FAILED_MESSAGE, uploadErrorMessage } from './tus-upload';
export { HiddenFileInput, UploadButton, type UploadButtonProps } from './UploadButton';
export { UploadStatus, type UploadStatusProps } from './UploadStatus';
export { useObjectUrl } from './useObjectUrl';
export { type UploadController, type UploadSnapshot, type UploadState, type UseUploadOptions, useUpload } from './useUpload';
