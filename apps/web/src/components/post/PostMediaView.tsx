import type { PostMedia } from '@aurum/core';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LockIcon from '@mui/icons-material/Lock';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { placeholderDataUrl } from './placeholder';

const KIND_NAMES: Record<PostMedia['kind'], string> = { image: 'Photo', video: 'Video', audio: 'Audio' };

/** The blurred picture this device kept for a picture that did not load (its module is loaded when documents are kept). */
const keptBlurredPicture = (src: string) =>
  import('../../lib/cache/documents').then((module) => module.keptBlurredPicture(src)).catch(() => undefined);

/**
 * A picture that shows the placeholder at once and fades the real image in when it has loaded.
 * One that cannot load (offline: full pictures and previews are never kept) is replaced by the
 * blurred picture this device kept of it, if any; else the placeholder stays.
 */
export function FadeInImage({
  src,
  alt,
  placeholder,
  fit = 'cover',
  blurred = false,
}: {
  src: string;
  alt: string;
  placeholder?: string | null;
  fit?: 'cover' | 'contain';
  blurred?: boolean;
}) {
  const [loaded, setLoaded] = useState(false);
  const [fallback, setFallback] = useState<{ for: string; url: string | null } | null>(null);
  const standIn = fallback?.for === src ? fallback.url : null;
  const background = placeholderDataUrl(placeholder);
  const failed = () => {
    if (fallback?.for === src || !src.includes('/media/')) return;
    setFallback({ for: src, url: null });
    void keptBlurredPicture(src).then((url) => {
      if (url) setFallback((current) => (current?.for === src ? { for: src, url } : current));
    });
  };
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        backgroundImage: background ? `url(${background})` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        // The server's blur is the protection; this only softens its edges.
        filter: (blurred || standIn) && !loaded ? 'blur(8px)' : undefined,
      }}
    >
      <Box
        component="img"
        key={standIn ?? src}
        src={standIn ?? src}
        alt={standIn && alt ? `${alt}, blurred` : alt}
        loading="lazy"
        decoding="async"
        onLoad={() => setLoaded(true)}
        onError={standIn ? undefined : failed}
        sx={{
          width: '100%',
          height: '100%',
          objectFit: fit,
          display: 'block',
          opacity: loaded ? 1 : 0,
          transition: 'opacity 240ms ease',
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        }}
      />
    </Box>
  );
}

/** The lock shown over blurred media; 'small' grows from small phones to larger screens. */
export function LockBadge({ children, size = 'large' }: { children?: ReactNode; size?: 'small' | 'large' }) {
  const small = size === 'small';
  return (
    <Box
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: small ? { xs: 0.75, md: 1.25 } : 1.5,
        py: small ? { xs: 0.25, md: 0.75 } : 1,
        borderRadius: 999,
        bgcolor: 'rgba(10, 8, 5, 0.72)',
        color: '#f5efe3',
        fontWeight: 700,
        fontSize: small ? { xs: '0.8rem', md: '1rem' } : '1rem',
        backdropFilter: 'blur(2px)',
        '& svg': { fontSize: small ? { xs: 16, md: 24 } : 28 },
      }}
    >
      <LockIcon aria-hidden sx={{ color: 'primary.main' }} />
      {children}
    </Box>
  );
}

function aspectOf(item: PostMedia): string {
  if (item.width && item.height) {
    const ratio = item.width / item.height;
    // Very tall or very wide pictures are letterboxed within sensible bounds.
    return String(Math.min(Math.max(ratio, 4 / 5), 2));
  }
  return item.kind === 'audio' ? 'auto' : '16 / 9';
}

function Frame({ item, children }: { item: PostMedia; children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: aspectOf(item),
        maxHeight: { xs: '75vh', md: '80vh' },
        bgcolor: '#0a0805',
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      {children}
    </Box>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        textAlign: 'center',
        p: 2,
      }}
    >
      {children}
    </Box>
  );
}

/**
 * One media item of a post, as far as the API lets this viewer have it: the real picture,
 * video or audio when the post is unlocked; the blurred derivative under a lock when not.
 */
export function PostMediaView({ item, index, count, locked }: { item: PostMedia; index: number; count: number; locked: boolean }) {
  const name = count > 1 ? `${KIND_NAMES[item.kind]} ${index + 1} of ${count}` : KIND_NAMES[item.kind];
  const placeholder = placeholderDataUrl(item.placeholder);

  if (item.status !== 'ready') {
    const failed = item.status === 'failed';
    return (
      <Frame item={{ ...item, kind: item.kind === 'audio' ? 'image' : item.kind }}>
        {placeholder && <FadeInImage src={placeholder} alt="" placeholder={item.placeholder} />}
        <Centered>
          <Box role="status" sx={{ display: 'contents' }}>
            {failed ? <ReportProblemIcon aria-hidden color="error" /> : <HourglassTopIcon aria-hidden color="primary" />}
            <Typography sx={{ fontWeight: 600, bgcolor: 'rgba(10, 8, 5, 0.6)', px: 1.5, py: 0.5, borderRadius: 999, color: '#f5efe3' }}>
              {failed ? `${name} could not be processed` : `${name} is still processing`}
            </Typography>
          </Box>
        </Centered>
      </Frame>
    );
  }

  if (locked) {
    const blurred = item.urls.blur ?? item.urls.blurThumb;
    return (
      <Frame item={{ ...item, kind: item.kind === 'audio' ? 'image' : item.kind }}>
        {blurred && item.kind !== 'audio' ? (
          <FadeInImage src={blurred} alt={`${name}, blurred: locked`} placeholder={item.placeholder} blurred />
        ) : (
          <Box
            role="img"
            aria-label={`${name}: locked`}
            sx={{ position: 'absolute', inset: 0, background: 'linear-gradient(135deg, #2a2110, #0f0d0a)' }}
          />
        )}
        <Centered>
          {item.kind === 'audio' && <GraphicEqIcon aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />}
          <LockBadge>Locked</LockBadge>
        </Centered>
      </Frame>
    );
  }

  const { playable, poster, thumb } = item.urls;
  if (item.kind === 'image') {
    const src = playable ?? thumb;
    return <Frame item={item}>{src && <FadeInImage src={src} alt={name} placeholder={item.placeholder} fit="contain" />}</Frame>;
  }
  if (item.kind === 'video') {
    return (
      <Frame item={item}>
        {/* biome-ignore lint/a11y/useMediaCaption: creators upload no captions yet */}
        <video
          controls
          playsInline
          preload="metadata"
          poster={poster}
          src={playable}
          aria-label={name}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', background: '#000' }}
        />
      </Frame>
    );
  }
  return (
    <Box
      sx={{
        p: 2,
        borderRadius: 2,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        display: 'flex',
        gap: 2,
        alignItems: 'center',
      }}
    >
      <GraphicEqIcon aria-hidden color="primary" />
      {/* biome-ignore lint/a11y/useMediaCaption: creators upload no captions yet */}
      <audio controls preload="metadata" src={playable} aria-label={name} style={{ width: '100%' }} />
    </Box>
  );
}
