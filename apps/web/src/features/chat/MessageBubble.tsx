import { type ChatMessage, formatMoney } from '@aurum/core';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PostMediaView } from '../../components/post/PostMediaView';
import { ReportDialog } from '../../components/ReportDialog';
import type { Delivery } from './timeline';

const DELIVERY_TEXT: Record<Delivery, string> = { sending: 'Sending…', failed: 'Not sent', sent: 'Sent', read: 'Read' };

/** Under a partner's message: opens the report dialog for it. */
function ReportMessage({ messageId }: { messageId: string }) {
  const [open, setOpen] = useState(false);
  // The dialog (and its request state) is made on first use, not once per message on screen.
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        size="small"
        color="inherit"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-label="Report this message"
        sx={{ minWidth: 0, px: 0.5, py: 0, opacity: 0.7, typography: 'caption' }}
      >
        Report
      </Button>
      {used && (
        <ReportDialog target={{ kind: 'message', id: messageId, name: 'this message' }} open={open} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

const timeOf = (iso: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** One message: the user's own on the right in gold, the partner's on the left; own ones say how far they got; a tip names its amount. */
export function MessageBubble({
  message,
  mine,
  delivery,
  showDelivery,
  onRetry,
  onUnlock,
}: {
  message: ChatMessage;
  mine: boolean;
  delivery: Delivery | null;
  /** Only the last own message says "Sent"/"Read"; sending and failed ones always say so. */
  showDelivery: boolean;
  onRetry: () => void;
  /** Opens the payment for a paid message the user has not unlocked. */
  onUnlock?: () => void;
}) {
  const locked = !message.unlocked;
  const price = message.price ? formatMoney(message.price) : null;
  const status = delivery && (showDelivery || delivery === 'sending' || delivery === 'failed') ? DELIVERY_TEXT[delivery] : null;
  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', mb: 0.75 }}>
      <Box
        sx={{
          maxWidth: 'min(85%, 560px)',
          // Media takes the bubble's width, so a bubble with media needs one of its own.
          width: message.media.length > 0 ? 'min(85%, 400px)' : undefined,
          px: 1.75,
          py: 1,
          borderRadius: 2.5,
          borderBottomRightRadius: mine ? 6 : undefined,
          borderBottomLeftRadius: mine ? undefined : 6,
          bgcolor: mine ? 'primary.main' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: mine ? 'none' : 1,
          borderColor: 'divider',
          opacity: delivery === 'sending' ? 0.75 : 1,
        }}
      >
        {message.media.length > 0 && (
          <Box sx={{ display: 'grid', gap: 1, mb: message.text ? 1 : 0, mx: -0.75, mt: -0.25, borderRadius: 2, overflow: 'hidden' }}>
            {message.media.map((item, index) => (
              <PostMediaView key={item.position} item={item} index={index} count={message.media.length} locked={locked} />
            ))}
          </Box>
        )}
        {message.tip && (
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 700, mb: message.text ? 0.5 : 0 }}>
            <VolunteerActivismIcon fontSize="small" aria-hidden />
            {mine ? 'You tipped' : 'Tipped'} {formatMoney(message.tip)}
          </Typography>
        )}
        {locked && price && (
          <Button
            variant="contained"
            fullWidth
            startIcon={<LockOpenIcon />}
            onClick={onUnlock}
            disabled={!onUnlock}
            sx={{ mb: message.text ? 1 : 0.5 }}
          >
            Unlock for {price}
          </Button>
        )}
        {message.text ? (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Typography>
        ) : (
          message.media.length === 0 && !message.tip && <Typography sx={{ fontStyle: 'italic' }}>Attachment</Typography>
        )}
        {/* Softer than the text on a partner's bubble; on one's own (gold) the light theme's white needs its full strength. */}
        <Typography variant="caption" component="p" sx={{ textAlign: 'right', opacity: mine ? 1 : 0.8, mt: 0.25 }}>
          {mine && price && <span>{message.paid ? `Paid · ${price}` : `${price} · not paid yet`} · </span>}
          {!mine && price && message.paid && <span>Unlocked · {price} · </span>}
          <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
        </Typography>
      </Box>
      {!mine && <ReportMessage messageId={message.id} />}
      {status && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.25 }}>
          <Typography
            variant="caption"
            color={delivery === 'failed' ? 'error' : 'text.secondary'}
            role={delivery === 'failed' ? 'alert' : undefined}
          >
            {status}
          </Typography>
          {delivery === 'failed' && (
            <Button size="small" onClick={onRetry}>
              Retry
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
