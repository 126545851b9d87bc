import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageLoading } from './LoadingOverlay';
import { LoadMore } from './LoadMore';
import { RetryAlert } from './RetryAlert';

/** What PagedResults reads of an infinite query of keyset pages. */
export interface PagedQuery<Item> {
  data: { pages: { items: Item[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

interface PagedResultsProps<Item> {
  query: PagedQuery<Item>;
  /** The list's accessible name, e.g. "Users". */
  label: string;
  /** What the spinner says while the first page loads, e.g. "Loading users". */
  loadingLabel: string;
  /** What an empty result says: a short title and a sentence. */
  empty: { title: string; text: string };
  /** The list sits in a titled section of a page: the empty state's title is an h3, sized below the section's heading. */
  nested?: boolean;
  /** The "Load more" button's words, e.g. "Load more users"; its busy state says "Loading more …". */
  moreLabel: string;
  moreLoadingLabel: string;
  /** Shown above the list once there are rows (a list's totals, say). */
  header?: ReactNode;
  /** One list item (an `li`) per row, with its key. */
  renderItem: (item: Item) => ReactNode;
}

/**
 * A filtered list read in keyset pages: the first page's spinner, its failure with a retry,
 * an empty state, the rows (dimmed while a changed filter's first page loads) and the button
 * for the next page.
 */
export function PagedResults<Item>({
  query,
  label,
  loadingLabel,
  empty,
  moreLabel,
  moreLoadingLabel,
  header,
  nested = false,
  renderItem,
}: PagedResultsProps<Item>) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <PageLoading label={loadingLabel} />;
  if (query.isError && !query.data) return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0) {
    return (
      <Paper variant="outlined" role="status" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Typography variant={nested ? 'h3' : 'h2'}>{empty.title}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {empty.text}
        </Typography>
      </Paper>
    );
  }
  return (
    <>
      {header}
      <Box
        component="ul"
        aria-label={label}
        aria-busy={query.isPlaceholderData || undefined}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        {items.map(renderItem)}
      </Box>
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        failed={query.isFetchNextPageError ? query.error : null}
        onLoad={() => void query.fetchNextPage()}
        label={moreLabel}
        loadingLabel={moreLoadingLabel}
      />
    </>
  );
}
