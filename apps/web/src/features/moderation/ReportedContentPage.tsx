import { REPORT_REASON_LABELS } from '@aurum/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { reportQueueQuery } from './api';
import { authorName, reportCount, TARGET_KIND_LABELS } from './labels';

/** /admin/reported-content: what members reported and nobody decided on yet, grouped by content, the most recently reported first. */
export default function ReportedContentPage() {
  const queue = useInfiniteQuery(reportQueueQuery);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Reported content">
        Open reports, grouped by what they are about. Words refused in posts, messages and profiles:{' '}
        <Link component={RouterLink} to={paths.restrictedWords} underline="always">
          restricted words
        </Link>
        .
      </PageHeader>
      <AdminTabs />
      {queue.isPending ? (
        <PageLoading label="Loading reports" />
      ) : queue.error && items.length === 0 ? (
        <RetryAlert error={queue.error} onRetry={() => queue.refetch()} />
      ) : items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Typography variant="h2">Nothing to review</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Every report has been decided. New ones show up here.
          </Typography>
        </Paper>
      ) : (
        <>
          <Box component="ul" aria-label="Reported content" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {items.map((item) => (
              <Paper component="li" key={item.contentId} variant="outlined" sx={{ p: 2.5, display: 'grid', gap: 1 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}>
                  <Typography variant="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
                    <Link component={RouterLink} to={paths.reportedContentItem(item.contentId)} color="inherit">
                      {TARGET_KIND_LABELS[item.targetKind]} by {authorName(item.author)}
                    </Link>
                  </Typography>
                  <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{reportCount(item.openReports)}</Typography>
                </Box>
                {item.excerpt && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{
                      overflow: 'hidden',
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {item.excerpt}
                  </Typography>
                )}
                <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
                  {item.reasons.map((reason) => (
                    <Chip key={reason} size="small" variant="outlined" label={REPORT_REASON_LABELS[reason]} />
                  ))}
                  <Typography variant="caption" color="text.secondary">
                    Last reported <time dateTime={item.lastReportedAt}>{formatDate(item.lastReportedAt)}</time>
                  </Typography>
                </Box>
              </Paper>
            ))}
          </Box>
          <LoadMore
            hasMore={queue.hasNextPage}
            loading={queue.isFetchingNextPage}
            onLoad={() => void queue.fetchNextPage()}
            failed={queue.isFetchNextPageError ? queue.error : null}
            label="Load more reports"
            loadingLabel="Loading more reports"
          />
        </>
      )}
    </Box>
  );
}
