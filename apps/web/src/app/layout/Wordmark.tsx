import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** The product name as the home link of the top bar. */
export function Wordmark({ to }: { to: string }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="none"
      aria-label="Aurum home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 800, fontSize: '1.35rem', letterSpacing: '0.02em' }}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      Aurum
    </Link>
  );
}
