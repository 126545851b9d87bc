import {
  MODERATION_ACTION_LABELS,
  MODERATION_REASON_MAX,
  type ModerationAction,
  REPORT_REASON_LABELS,
  type ReportedContent,
} from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { PostMediaView } from '../../components/post/PostMediaView';
import { LoadFailed } from '../../components/RetryAlert';
import { addSnack } from '../../components/snack-queue';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { decide, reportedContentQuery } from './api';
import { authorName, reportCount, TARGET_KIND_LABELS } from './labels';

/** What each action does, as the confirmation says it. */
const ACTION_EFFECTS: Readonly<Record<ModerationAction, string>> = {
  dismiss: 'The reports are closed and the content stays. Each reporter is told.',
  remove_content: 'The content is removed for everyone. Its author is told why, and each reporter is told.',
  suspend_creator:
    'All of the creator’s posts are hidden and their subscriptions stop renewing. The creator and their subscribers are told.',
  ban_user: 'The account is closed and signed out everywhere; a creator’s posts disappear and subscriptions stop renewing.',
};

/** /admin/reported-content/:contentId: the reported content as stored (media in full), its reports and the decision. */
export default function ReportedContentItemPage() {
  const { contentId = '' } = useParams();
  const content = useQuery(reportedContentQuery(contentId));
  if (content.isPending) return <PageLoading label="Loading the reported content" />;
  if (content.error) return <LoadFailed title="Reported content" error={content.error} retry={() => content.refetch()} />;
  return <ContentReview content={content.data} />;
}

function ContentReview({ content }: { content: ReportedContent }) {
  const [chosen, setChosen] = useState<ModerationAction | null>(null);
  const open = content.reports.filter((report) => report.status === 'open').length;
  return (
    <Box sx={{ display: 'grid', gap: 3, '& > header': { mb: 0 } }}>
      <PageHeader title={`Reported ${TARGET_KIND_LABELS[content.targetKind].toLowerCase()}`} back>
        {open > 0 ? `${reportCount(open)} waiting for a decision.` : 'Every report on this has been decided.'}
      </PageHeader>
      <AdminTabs />

      <Paper
        component="section"
        aria-labelledby="content-heading"
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="content-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
            {content.targetKind === 'user' ? 'Profile of ' : 'By '}
            <Link component={RouterLink} to={paths.user(content.author.userId)}>
              {authorName(content.author)}
            </Link>
          </Typography>
          {content.author.isCreator && <Chip size="small" variant="outlined" label="Creator" />}
          {content.author.suspended && <Chip size="small" color="warning" label="Suspended" />}
          {content.author.banned && <Chip size="small" color="error" label="Banned" />}
          {content.removedAt && <Chip size="small" color="error" variant="outlined" label="Removed" />}
        </Box>
        {content.createdAt && (
          <Typography variant="body2" color="text.secondary">
            {content.targetKind === 'user' ? 'Joined ' : 'Written '}
            <time dateTime={content.createdAt}>{formatDate(content.createdAt)}</time>
          </Typography>
        )}
        {content.text ? (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content.text}</Typography>
        ) : (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {content.targetKind === 'user' ? 'No bio.' : 'No text.'}
          </Typography>
        )}
        {content.media.length > 0 && (
          <Box sx={{ display: 'grid', gap: 1.5, maxWidth: 560 }}>
            {content.media.map((item, index) => (
              <PostMediaView key={item.position} item={item} index={index} count={content.media.length} locked={false} />
            ))}
          </Box>
        )}
      </Paper>

      {content.actions.length > 0 && (
        <Box component="section" aria-labelledby="actions-heading" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="actions-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
            Decision
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            {content.actions.map((action) => (
              <Button
                key={action}
                variant={action === 'dismiss' ? 'contained' : 'outlined'}
                color={action === 'dismiss' ? 'primary' : action === 'remove_content' ? 'warning' : 'error'}
                onClick={() => setChosen(action)}
              >
                {MODERATION_ACTION_LABELS[action]}
              </Button>
            ))}
          </Box>
        </Box>
      )}

      <Box component="section" aria-labelledby="reports-heading" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="reports-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
          Reports
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {content.reports.map((report) => (
            <Paper component="li" key={report.id} variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{REPORT_REASON_LABELS[report.reason]}</Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={report.status === 'open' ? 'Open' : `Decided: ${report.outcome ? MODERATION_ACTION_LABELS[report.outcome] : ''}`}
                />
              </Box>
              {report.text && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.text}</Typography>}
              <Typography variant="caption" color="text.secondary">
                By {authorName({ ...report.reporter, isCreator: false, suspended: false, banned: false })},{' '}
                <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
              </Typography>
            </Paper>
          ))}
        </Box>
      </Box>

      <DecisionDialog content={content} action={chosen} onClose={() => setChosen(null)} />
    </Box>
  );
}

function DecisionDialog({ content, action, onClose }: { content: ReportedContent; action: ModerationAction | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    // What was typed goes in at submit, as the mutation's variables: never a closure's older reason.
    mutationFn: (decision: { action: ModerationAction; reason: string }) => decide(content.contentId, decision),
    onSuccess: ({ action: done, resolvedReports }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all });
      addSnack(`${MODERATION_ACTION_LABELS[done]}: done. ${reportCount(resolvedReports)} closed.`, 'success');
      onClose();
      navigate(paths.reportedContent);
    },
  });
  const shown = action ?? 'dismiss';
  return (
    <Dialog
      open={action !== null}
      onClose={() => !mutation.isPending && onClose()}
      aria-labelledby="decision-title"
      aria-describedby="decision-text"
      fullWidth
      slotProps={{
        paper: { sx: { maxWidth: 480 } },
        transition: {
          onExited: () => {
            setReason('');
            mutation.reset();
          },
        },
      }}
    >
      <DialogTitle id="decision-title">{MODERATION_ACTION_LABELS[shown]}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="decision-text" sx={{ mb: 2 }}>
          {ACTION_EFFECTS[shown]}
        </DialogContentText>
        <TextField
          label="Reason"
          required
          fullWidth
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, MODERATION_REASON_MAX))}
          helperText={shown === 'dismiss' ? 'Kept with the decision.' : 'Shown to the person this is about.'}
        />
        {mutation.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(mutation.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button
          variant={shown === 'dismiss' ? 'contained' : 'outlined'}
          color={shown === 'dismiss' ? 'primary' : 'error'}
          disabled={!reason.trim()}
          loading={mutation.isPending}
          onClick={() => action && mutation.mutate({ action, reason: reason.trim() })}
        >
          {MODERATION_ACTION_LABELS[shown]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
