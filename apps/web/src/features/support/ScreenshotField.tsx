import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { mediaPhase, UploadButton, UploadStatus, useMediaStatus, useObjectUrl, useUpload } from '../../lib/upload';

const IMAGE_KINDS = ['image'] as const;

/**
 * An optional screenshot for a support message: picked, uploaded (tus) and shown as a preview;
 * the form sends its media id. Only the ticket's author and admins ever see it.
 */
export function ScreenshotField({
  onChange,
  onBusyChange,
  resetKey,
}: {
  onChange: (mediaId: string | null) => void;
  onBusyChange: (busy: boolean) => void;
  /** Changes when the form was sent, to start afresh. */
  resetKey: number;
}) {
  const upload = useUpload({ kinds: IMAGE_KINDS, onComplete: (result) => onChange(result.mediaId) });
  const status = useMediaStatus(upload.mediaId);
  const preview = useObjectUrl(upload.state !== 'error' ? upload.file : null);
  const phase = upload.state === 'idle' ? null : mediaPhase(upload.state, status.data?.status);
  const busy = upload.state === 'uploading';
  const { reset } = upload;

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the signal to start afresh
  useEffect(() => reset(), [resetKey, reset]);

  const remove = () => {
    upload.reset();
    onChange(null);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <UploadButton upload={upload} name="screenshot" accept="image/*" startIcon={<AddPhotoAlternateIcon />}>
          {upload.file ? 'Change screenshot' : 'Add a screenshot'}
        </UploadButton>
        {upload.file && (
          <Button color="inherit" onClick={remove}>
            Remove screenshot
          </Button>
        )}
      </Box>
      {preview && (
        <Box
          component="img"
          src={preview}
          alt="Screenshot preview"
          sx={{ maxWidth: 240, maxHeight: 160, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
      )}
      {phase && (
        <UploadStatus
          phase={phase}
          progress={upload.progress}
          error={phase === 'failed' ? (status.data?.failureReason ?? null) : upload.error}
          label="Screenshot"
          readyText="Screenshot attached"
        />
      )}
    </Box>
  );
}
