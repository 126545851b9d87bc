import { CHAT_MESSAGE_MAX_LENGTH, type ContentPrice } from '@aurum/core';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FromVaultButton, VaultPicks } from '../../components/FromVaultButton';
import { AttachButton, AttachmentList, useMessageAttachments } from '../../components/message-media/MessageAttachments';
import { MessagePriceField } from '../../components/message-media/MessagePriceField';
import { useSnacksClearOfBottom } from '../../components/snack-queue';
import { contentCurrency, ownPlansQuery } from '../../lib/plans';
import { parseContentPrice } from '../../lib/price';
import { useOnline } from '../../lib/pwa/online';

/** How often the partner is told the user is typing, at most. */
const TYPING_EVERY_MS = 3000;

export interface ComposedMessage {
  text: string;
  mediaIds: string[];
  price: ContentPrice | null;
}

/**
 * The message box: Enter sends (Shift+Enter makes a new line), and typing is announced now and
 * then. Creators can attach photos, videos or sounds from their device (up to the message's
 * limit): each is uploaded and processed first, and they go with the next message once all are
 * ready. With media attached a creator may set a price: the member then sees them blurred until
 * they pay. Offline nothing is sent (the chat shows what this device kept): the box says so and
 * keeps what was typed for when the connection is back.
 */
export function Composer({
  canAttach,
  onSend,
  onTyping,
}: {
  canAttach: boolean;
  onSend: (message: ComposedMessage) => void;
  onTyping: () => void;
}) {
  const [text, setText] = useState('');
  const media = useMessageAttachments();
  const { attachments, mediaIds } = media;
  const [priceText, setPriceText] = useState('');
  const lastTyping = useRef(0);
  const online = useOnline();
  useSnacksClearOfBottom();
  const plans = useQuery({ ...ownPlansQuery, enabled: canAttach });
  const currency = contentCurrency(plans.data);
  const trimmed = text.trim();
  const tooLong = trimmed.length > CHAT_MESSAGE_MAX_LENGTH;
  const price = parseContentPrice(media.count > 0 ? priceText : '', currency);
  const priceError = price.error;
  const canSend = online && (trimmed.length > 0 || mediaIds.length > 0) && !tooLong && !media.busy && !media.broken && !priceError;

  const send = () => {
    if (!canSend) return;
    onSend({ text: trimmed, mediaIds, price: mediaIds.length > 0 ? price.price : null });
    setText('');
    media.clear();
    setPriceText('');
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <AttachmentList attachments={attachments} onUpdate={media.update} onRemove={media.remove} />
      <VaultPicks items={media.picked} onRemove={media.unpick} />
      {canAttach && media.count > 0 && (
        <MessagePriceField
          value={priceText}
          onChange={setPriceText}
          currency={currency}
          error={priceError}
          helperText="Set a price and the member pays to see the media. Leave empty to send it free."
        />
      )}
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}
      >
        {canAttach && <AttachButton disabled={!online || media.full} onAdd={media.add} />}
        {canAttach && <FromVaultButton icon disabled={!online || media.full} {...media.vaultPicker} />}
        <TextField
          label="Message"
          multiline
          maxRows={5}
          fullWidth
          value={text}
          error={tooLong}
          helperText={
            tooLong
              ? `Messages are at most ${CHAT_MESSAGE_MAX_LENGTH} characters (${trimmed.length} now).`
              : online
                ? undefined
                : "You're offline: messages can't be sent until you're back online."
          }
          onChange={(event) => {
            setText(event.target.value);
            const now = Date.now();
            if (online && now - lastTyping.current > TYPING_EVERY_MS) {
              lastTyping.current = now;
              onTyping();
            }
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
          slotProps={{ htmlInput: { enterKeyHint: 'send' } }}
        />
        <IconButton type="submit" color="primary" aria-label="Send" disabled={!canSend} sx={{ mb: 0.5 }}>
          <SendIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
