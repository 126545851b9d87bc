import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** The notice reCAPTCHA's terms require in place of its badge, which the app hides. */
export function BotCheckNotice() {
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center' }}>
      This site is protected by reCAPTCHA and the Google{' '}
      <Link href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer" underline="always">
        Privacy Policy
      </Link>{' '}
      and{' '}
      <Link href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer" underline="always">
        Terms of Service
      </Link>{' '}
      apply.
    </Typography>
  );
}
