import type { ChatMessage } from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Delivery } from './timeline';

const DELIVERY_TEXT: Record<Delivery, string> = { sending: 'Sending…', failed: 'Not sent', sent: 'Sent', read: 'Read' };

const timeOf = (iso: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** One message: the user's own on the right in gold, the partner's on the left; own ones say how far they got. */
export function MessageBubble({
  message,
  mine,
  delivery,
  showDelivery,
  onRetry,
}: {
  message: ChatMessage;
  mine: boolean;
  delivery: Delivery | null;
  /** Only the last own message says "Sent"/"Read"; sending and failed ones always say so. */
  showDelivery: boolean;
  onRetry: () => void;
}) {
  const status = delivery && (showDelivery || delivery === 'sending' || delivery === 'failed') ? DELIVERY_TEXT[delivery] : null;
  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', mb: 0.75 }}>
      <Box
        sx={{
          maxWidth: 'min(85%, 560px)',
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
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Typography>
        <Typography variant="caption" component="p" sx={{ textAlign: 'right', opacity: 0.8, mt: 0.25 }}>
          <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
        </Typography>
      </Box>
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
