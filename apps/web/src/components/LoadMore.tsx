import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef } from 'react';

/**
 * The end of an endless list: when it scrolls into view the next page loads by itself
 * (IntersectionObserver); the button does the same for keyboards and browsers without it.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
  label = 'Load more posts',
  loadingLabel = 'Loading more posts',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  label?: string;
  loadingLabel?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <Box ref={sentinel} sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
      {loading ? (
        <CircularProgress size={28} aria-label={loadingLabel} />
      ) : (
        <Button variant="outlined" onClick={() => onLoadRef.current()}>
          {label}
        </Button>
      )}
    </Box>
  );
}
