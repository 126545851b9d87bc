import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import IconButton from '@mui/material/IconButton';
import { useAppNavigation } from '../lib/navigation';

/** A chevron that goes one step back in history. */
export function BackButton() {
  const { goBack } = useAppNavigation();
  return (
    <IconButton aria-label="Back" onClick={goBack} edge="start">
      <ChevronLeftIcon />
    </IconButton>
  );
}
