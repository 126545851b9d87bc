import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { MediaPhase } from './media-status';

export interface UploadStatusProps {
  phase: MediaPhase;
  /** Whole percent while uploading. */
  progress: number;
  /** The message for 'error' and 'failed'. */
  error?: string | null;
  /** What is being uploaded, for the progress bar's name, e.g. "Avatar". */
  label: string;
  /** Text for 'ready'; leave out to show nothing once done. */
  readyText?: string;
  /** How far the server's processing has got (a video's conversion), whole percent; null or left out when not known. */
  processingProgress?: number | null;
}

/** Upload progress, then the server's processing state, announced politely to screen readers. */
export function UploadStatus({ phase, progress, error, label, readyText = 'Ready', processingProgress = null }: UploadStatusProps) {
  if (phase === 'idle') return null;
  const processingKnown = phase === 'processing' && processingProgress !== null;
  const text =
    phase === 'uploading'
      ? `Uploading… ${progress}%`
      : phase === 'processing'
        ? processingKnown
          ? `Processing… ${processingProgress}%`
          : 'Processing…'
        : phase === 'ready'
          ? readyText
          : (error ?? 'The upload failed.');
  const failed = phase === 'error' || phase === 'failed';
  return (
    <Box sx={{ display: 'grid', gap: 0.75, minWidth: 0 }}>
      {(phase === 'uploading' || phase === 'processing') && (
        <LinearProgress
          variant={phase === 'uploading' || processingKnown ? 'determinate' : 'indeterminate'}
          value={phase === 'uploading' ? progress : processingKnown ? (processingProgress ?? 0) : undefined}
          aria-label={phase === 'uploading' ? `${label} upload` : `${label} processing`}
        />
      )}
      <Typography
        role={failed ? 'alert' : 'status'}
        variant="body2"
        color={failed ? 'error' : phase === 'ready' ? 'success.main' : 'text.secondary'}
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: failed ? 600 : undefined }}
      >
        {failed && <ErrorIcon fontSize="small" aria-hidden />}
        {phase === 'ready' && <CheckCircleIcon fontSize="small" aria-hidden />}
        {text}
      </Typography>
    </Box>
  );
}
