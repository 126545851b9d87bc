import Box from '@mui/material/Box';

/**
 * A silent looping demonstration. Without a recording yet, the poster shows the gesture;
 * a browser without video support reads the fallback sentence instead.
 */
export function LoopingVideo({ poster, label }: { poster: string; label: string }) {
  return (
    <Box
      component="video"
      aria-label={label}
      poster={poster}
      autoPlay
      loop
      muted
      playsInline
      sx={{
        display: 'block',
        width: '100%',
        maxWidth: 280,
        aspectRatio: '9 / 16',
        mx: 'auto',
        borderRadius: 3,
        bgcolor: 'background.default',
      }}
    >
      Your browser does not support the video tag.
    </Box>
  );
}
