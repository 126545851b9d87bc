import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A full-width button that swaps its content for a spinner and stays disabled while loading. */
export function BlockButton({ loading, disabled, children, variant = 'contained', size = 'large', ...props }: ButtonProps) {
  return (
    <Button fullWidth variant={variant} size={size} disabled={disabled || Boolean(loading)} aria-busy={loading || undefined} {...props}>
      {loading ? <CircularProgress size={24} color="inherit" aria-label="Loading" /> : children}
    </Button>
  );
}
