import { randomAvatarColor } from '@aurum/core';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

/** A few named hues at the product's fixed saturation and lightness. */
export const AVATAR_SWATCHES = [
  { name: 'Gold', color: 'hsl(42, 50%, 50%)' },
  { name: 'Coral', color: 'hsl(12, 50%, 50%)' },
  { name: 'Rose', color: 'hsl(335, 50%, 50%)' },
  { name: 'Violet', color: 'hsl(270, 50%, 50%)' },
  { name: 'Blue', color: 'hsl(212, 50%, 50%)' },
  { name: 'Teal', color: 'hsl(175, 50%, 50%)' },
  { name: 'Green', color: 'hsl(125, 50%, 50%)' },
] as const;

export function AvatarColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography id="avatar-colour-label" variant="body2" color="text.secondary">
        Avatar colour
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <ToggleButtonGroup
          exclusive
          value={value}
          onChange={(_event, next: string | null) => next && onChange(next)}
          aria-labelledby="avatar-colour-label"
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 0, borderRadius: '50% !important', m: 0 } }}
        >
          {AVATAR_SWATCHES.map((swatch) => (
            <ToggleButton
              key={swatch.color}
              value={swatch.color}
              aria-label={swatch.name}
              sx={{
                width: 36,
                height: 36,
                p: 0,
                bgcolor: swatch.color,
                '&:hover, &.Mui-selected, &.Mui-selected:hover': { bgcolor: swatch.color },
                '&.Mui-selected': { outline: 3, outlineColor: 'text.primary', outlineOffset: 2 },
              }}
            />
          ))}
        </ToggleButtonGroup>
        <Button variant="outlined" size="small" startIcon={<ShuffleIcon />} onClick={() => onChange(randomAvatarColor())}>
          Random
        </Button>
      </Box>
    </Box>
  );
}
