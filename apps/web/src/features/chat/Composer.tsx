import { CHAT_MESSAGE_MAX_LENGTH } from '@aurum/core';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { mediaPhase, UploadButton, UploadStatus, useMediaStatus, useUpload } from '../../lib/upload';

/** How often the partner is told the user is typing, at most. */
const TYPING_EVERY_MS = 3000;

/**
 * The message box: Enter sends (Shift+Enter makes a new line), and typing is announced now and
 * then. Creators can attach a photo, video or sound from their device: it is uploaded and
 * processed first, and goes with the next message once it is ready.
 */
export function Composer({
  canAttach,
  onSend,
  onTyping,
}: {
  canAttach: boolean;
  onSend: (message: { text: string; mediaIds: string[] }) => void;
  onTyping: () => void;
}) {
  const [text, setText] = useState('');
  const lastTyping = useRef(0);
  const upload = useUpload();
  const status = useMediaStatus(upload.mediaId);
  const phase = mediaPhase(upload.state, status.data?.status);
  const trimmed = text.trim();
  const tooLong = trimmed.length > CHAT_MESSAGE_MAX_LENGTH;
  const attachmentBusy = phase === 'uploading' || phase === 'processing';
  const attached = phase === 'ready' && upload.mediaId ? [upload.mediaId] : [];
  const canSend = (trimmed.length > 0 || attached.length > 0) && !tooLong && !attachmentBusy;

  const send = () => {
    if (!canSend) return;
    onSend({ text: trimmed, mediaIds: attached });
    setText('');
    upload.reset();
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {phase !== 'idle' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <UploadStatus
              phase={phase}
              progress={upload.progress}
              error={upload.error ?? status.data?.failureReason}
              label={upload.file?.name ?? 'Attachment'}
              readyText="Ready to send"
            />
          </Box>
          <IconButton aria-label="Remove the attachment" onClick={upload.reset}>
            <CloseIcon />
          </IconButton>
        </Box>
      )}
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}
      >
        {canAttach && (
          <UploadButton
            upload={upload}
            name="attachment"
            variant="text"
            aria-label="Attach a photo, video or sound"
            sx={{ minWidth: 0, mb: 0.5 }}
          >
            <AttachFileIcon />
          </UploadButton>
        )}
        <TextField
          label="Message"
          multiline
          maxRows={5}
          fullWidth
          value={text}
          error={tooLong}
          helperText={tooLong ? `Messages are at most ${CHAT_MESSAGE_MAX_LENGTH} characters (${trimmed.length} now).` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            const now = Date.now();
            if (now - lastTyping.current > TYPING_EVERY_MS) {
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
