import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { fanDetailsQuery } from '../../lib/fan-lists';
import type { FanTarget } from './FanListsDialog';

// The dialog loads the first time a creator reaches for it.
const FanListsDialog = lazy(() => import('./FanListsDialog').then((module) => ({ default: module.FanListsDialog })));

/**
 * A creator's lists and private note for one fan: a labelled button, or an icon where a row has
 * no room. `onlyIfFan`: the person may not be the creator's fan (a chat partner, a profile), so
 * the button shows only once the server says they are; it shows nothing otherwise.
 */
export function FanListsButton({ fan, compact = false, onlyIfFan = false }: { fan: FanTarget; compact?: boolean; onlyIfFan?: boolean }) {
  const [open, setOpen] = useState(false);
  const details = useQuery({ ...fanDetailsQuery(fan.userId), enabled: onlyIfFan });
  if (onlyIfFan && !details.data) return null;
  const label = `Lists and note for ${fan.name}`;
  return (
    <>
      {compact ? (
        <IconButton aria-label={label} onClick={() => setOpen(true)}>
          <PlaylistAddIcon />
        </IconButton>
      ) : (
        <Button variant="outlined" startIcon={<PlaylistAddIcon />} aria-label={label} onClick={() => setOpen(true)}>
          Lists and note
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <FanListsDialog fan={fan} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
