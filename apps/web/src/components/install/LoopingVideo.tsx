import Box from '@mui/material/Box';

/** The install demonstration (made by scripts/make-install-video.sh). */
export const INSTALL_VIDEO = { src: '/media/install-demo.mp4', poster: '/media/install-ios.svg' };

/**
 * A silent looping demonstration, playing inline as soon as it shows (muted, so browsers allow
 * it); the poster shows the gesture until it plays, and a browser without video support reads
 * the fallback sentence instead.
 */
export function LoopingVideo({ src, poster, label }: { src: string; poster: string; label: string }) {
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
      <source src={src} type="video/mp4" />
      Your browser does not support the video tag.
    </Box>
  );
}
