import type { ModerationNotice, ModerationNoticeKind } from '@aurum/core';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { formatDate } from '../../lib/dates';
import { moderationNoticesQuery, useMarkNoticesRead } from '../../lib/moderation';
import { paths } from '../../lib/paths';

const KIND_TITLES: Readonly<Record<ModerationNoticeKind, string>> = {
  report_outcome: 'Your report',
  content_removed: 'Content removed',
  account_suspended: 'Your account',
  creator_suspended: 'A creator you subscribe to',
  suspension_lifted: 'Your account',
  verification_approved: 'Your age verification',
  verification_declined: 'Your age verification',
  payout_failed: 'Your payout',
  payout_method_changed: 'Your payout method',
  dispute_opened: 'A disputed payment',
  dispute_decided: 'A disputed payment',
  tip_received: 'A tip',
  post_sold: 'A post sold',
  trial_ending: 'Your free trial',
};

/** /notices: what concerns the user: the team's decisions (reports, removals, suspensions, verification), their payouts and tips. Opening it marks them read. */
export default function NoticesPage() {
  const notices = useQuery(moderationNoticesQuery);
  const markRead = useMarkNoticesRead();
  const unread = notices.data?.unread ?? 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread > 0) mutate();
  }, [unread, mutate]);
  return (
    <>
      <PageHeader title="Notices">
        What concerns your account: decisions of the Aurum team, your payouts and the tips you receive.
      </PageHeader>
      {notices.isPending ? (
        <PageLoading label="Loading your notices" />
      ) : notices.error ? (
        <RetryAlert error={notices.error} onRetry={() => notices.refetch()} />
      ) : notices.data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Typography variant="h2">No notices</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            When you report something, we tell you here what we decided.
          </Typography>
        </Paper>
      ) : (
        <Box component="ul" aria-label="Notices" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {notices.data.items.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} />
          ))}
        </Box>
      )}
    </>
  );
}

function NoticeItem({ notice }: { notice: ModerationNotice }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2.5, display: 'grid', gap: 0.75, borderColor: notice.readAt ? 'divider' : 'primary.main' }}
    >
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.05rem' }}>
          {KIND_TITLES[notice.kind]}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <time dateTime={notice.createdAt}>{formatDate(notice.createdAt)}</time>
        </Typography>
      </Box>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{notice.message}</Typography>
      {notice.reason && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Reason: {notice.reason}
        </Typography>
      )}
      {notice.postId && (
        <Link component={RouterLink} to={paths.post(notice.postId)} sx={{ justifySelf: 'start' }}>
          {notice.kind === 'content_removed' ? 'See the removed post' : 'See the post'}
        </Link>
      )}
    </Paper>
  );
}
