import { formatMoney, type MassMessageDetails } from '@aurum/core';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailList } from '../../components/DetailList';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { isApiError } from '../../lib/api/client';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { fanListRefName } from '../../lib/fan-list-names';
import { fanListsQuery } from '../../lib/fan-lists';
import { paths } from '../../lib/paths';
import { keepMassMessage, massMessageQuery, unsendMassMessage } from './api';
import { endedDaysOf } from './compose';
import { StageChip } from './StageChip';
import { deliveredText, mediaText, priceText, stageOf, whenDetail } from './status';

const TITLE = 'Mass message';

/** /mass-messages/:massMessageId: one mass message, where it went and what came of it; read again while it goes out. */
export default function MassMessagePage() {
  const { massMessageId = '' } = useParams();
  const message = useQuery(massMessageQuery(massMessageId));
  if (message.isPending) return <PageLoading label="Loading the message" />;
  if (!message.data) {
    if (isApiError(message.error, 'not_found') || isApiError(message.error, 'validation_failed')) {
      return (
        <>
          <PageHeader title="Message not found" back>
            This mass message does not exist, or it is not yours.
          </PageHeader>
          <Button variant="contained" component={RouterLink} to={paths.massMessages}>
            Your mass messages
          </Button>
        </>
      );
    }
    return <LoadFailed title={TITLE} error={message.error} retry={() => void message.refetch()} />;
  }
  return <MessageDetails message={message.data} />;
}

function MessageDetails({ message }: { message: MassMessageDetails }) {
  const [unsending, setUnsending] = useState(false);
  const media = mediaText(message.mediaCount);
  const delivered = deliveredText(message);
  return (
    <Box sx={{ maxWidth: 760, display: 'grid', gap: 3 }}>
      <Box>
        <PageHeader title={TITLE} back />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: -1.5 }}>
          <StageChip message={message} />
          <Typography color="text.secondary">{whenDetail(message)}</Typography>
        </Box>
      </Box>

      <SectionCard title="Message" gap={1.5}>
        {message.text ? (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Typography>
        ) : (
          <Typography color="text.secondary">No text: media only.</Typography>
        )}
        {media && (
          <Typography variant="body2" color="text.secondary">
            {media} ·{' '}
            <Box component="span" sx={{ color: message.price ? 'primary.main' : undefined, fontWeight: 700 }}>
              {priceText(message)}
            </Box>
          </Typography>
        )}
      </SectionCard>

      <SentToLists message={message} />

      <SectionCard title="What came of it">
        {stageOf(message) === 'sending' && message.recipients !== null && message.recipients > 0 && (
          <LinearProgress
            variant="determinate"
            aria-label="Delivered so far"
            value={Math.min(100, (message.delivered / message.recipients) * 100)}
          />
        )}
        {delivered && <Typography sx={{ fontWeight: 700 }}>{delivered}</Typography>}
        <Outcome message={message} />
        {message.recipients === null && message.status !== 'unsent' && (
          <Typography variant="body2" color="text.secondary">
            The fans it reaches are counted when it goes out.
          </Typography>
        )}
      </SectionCard>

      <SectionCard title="Times">
        <DetailList
          rows={[
            ['Written', formatDateTime(message.createdAt)],
            [sendAtTerm(message), formatDateTime(message.sendAt)],
            ['Last copy delivered', message.sentAt ? formatDateTime(message.sentAt) : null],
            ['Unsent', message.unsentAt ? formatDateTime(message.unsentAt) : null],
          ]}
        />
      </SectionCard>

      {message.status !== 'unsent' && (
        <Box>
          <Button variant="outlined" color="error" startIcon={<UndoIcon />} onClick={() => setUnsending(true)}>
            Unsend
          </Button>
        </Box>
      )}
      {unsending && <UnsendDialog message={message} onClose={() => setUnsending(false)} />}
    </Box>
  );
}

/** What its send time is: when it goes out, went out, or was to (taken back before it began). */
function sendAtTerm(message: MassMessageDetails): string {
  if (stageOf(message) === 'scheduled') return 'Goes out';
  return message.status === 'unsent' && message.recipients === null ? 'Was to go out' : 'Went out';
}

/** The lists it went to and those left out, named as on the fan lists pages. */
function SentToLists({ message }: { message: MassMessageDetails }) {
  const lists = useQuery(fanListsQuery(endedDaysOf([...message.include, ...message.exclude])));
  const names = (refs: readonly string[]) => refs.map((ref) => fanListRefName(ref, lists.data?.lists)).join(', ');
  return (
    <SectionCard title="Lists">
      <DetailList
        rows={[
          ['Sent to', names(message.include)],
          ['Left out', message.exclude.length > 0 ? names(message.exclude) : null],
        ]}
      />
    </SectionCard>
  );
}

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

/** Recipients, delivered, read, bought and earned, side by side; buying and earning mean nothing for a free message. */
function Outcome({ message }: { message: MassMessageDetails }) {
  const paid = message.price !== null;
  const stats: [string, string][] = [
    ['Recipients', count(message.recipients)],
    ['Delivered', count(message.delivered)],
    ['Read', count(message.read)],
    ['Bought', paid ? count(message.bought) : '—'],
    ['Earned', paid && message.earned ? formatMoney(message.earned) : '—'],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
        gap: 1.5,
      }}
    >
      {stats.map(([term, value], index) => (
        <Box
          key={term}
          sx={{
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            display: 'grid',
            gap: 0.25,
            // Two by two on a phone: the last, what it earned, takes a row of its own.
            gridColumn: index === stats.length - 1 ? { xs: 'span 2', sm: 'auto' } : undefined,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.35rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function UnsendDialog({ message, onClose }: { message: MassMessageDetails; onClose: () => void }) {
  const queryClient = useQueryClient();
  const unsend = useMutation({
    mutationFn: () => unsendMassMessage(message.id),
    onSuccess: (details) => {
      keepMassMessage(queryClient, details);
      addSnack('Message unsent.', 'success');
      onClose();
    },
  });
  const going = message.status === 'scheduled' || message.status === 'sending';
  return (
    <Dialog open onClose={unsend.isPending ? undefined : onClose} aria-labelledby="unsend-title" aria-describedby="unsend-text">
      <DialogTitle id="unsend-title">Unsend this message?</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsend-text">
          {going ? 'No more copies go out. ' : ''}Copies fans have not read or bought leave their chats. Copies already read or bought stay:
          what a fan saw or paid for is theirs.
        </DialogContentText>
        {unsend.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(unsend.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={unsend.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" loading={unsend.isPending} onClick={() => unsend.mutate()}>
          Unsend
        </Button>
      </DialogActions>
    </Dialog>
  );
}
