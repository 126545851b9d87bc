import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef } from 'react';
import { RetryAlert } from './RetryAlert';

/**
 * The end of an endless list: when it scrolls into view the next page loads by itself
 * (IntersectionObserver); the button does the same for keyboards and browsers without it.
 * A page that failed to load waits for the reader to retry, instead of the sentinel asking
 * again and again.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
  failed = null,
  label = 'Load more posts',
  loadingLabel = 'Loading more posts',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  /** The error of the last page that failed to load, if the last one did. */
  failed?: unknown;
  label?: string;
  loadingLabel?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);

  if (failed) {
    return (
      <Box sx={{ mt: 2 }}>
        <RetryAlert error={failed} onRetry={() => onLoadRef.current()} />
      </Box>
    );
  }
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
