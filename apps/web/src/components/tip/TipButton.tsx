import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import type { TipTarget } from './TipDialog';

// The dialog (with the payment method picker) loads the first time someone reaches for it.
const TipDialog = lazy(() => import('./TipDialog').then((module) => ({ default: module.TipDialog })));

/** Tip a creator: a labelled button on their profile, an icon beside a post's like. */
export function TipButton({ target, compact = false }: { target: TipTarget; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const label = target.postId ? `Tip ${target.creatorName} for this post` : `Tip ${target.creatorName}`;
  return (
    <>
      {compact ? (
        <IconButton aria-label={label} onClick={() => setOpen(true)} size="small">
          <VolunteerActivismIcon fontSize="small" />
        </IconButton>
      ) : (
        <Button variant="outlined" startIcon={<VolunteerActivismIcon />} aria-label={label} onClick={() => setOpen(true)}>
          Tip
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <TipDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
