import { CHAT_MESSAGE_MAX_LENGTH } from '@aurum/core';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';

/** How often the partner is told the user is typing, at most. */
const TYPING_EVERY_MS = 3000;

/** The message box: Enter sends (Shift+Enter makes a new line), and typing is announced now and then. */
export function Composer({ onSend, onTyping }: { onSend: (text: string) => void; onTyping: () => void }) {
  const [text, setText] = useState('');
  const lastTyping = useRef(0);
  const trimmed = text.trim();
  const tooLong = trimmed.length > CHAT_MESSAGE_MAX_LENGTH;

  const send = () => {
    if (!trimmed || tooLong) return;
    onSend(trimmed);
    setText('');
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}
    >
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
      <IconButton type="submit" color="primary" aria-label="Send" disabled={!trimmed || tooLong} sx={{ mb: 0.5 }}>
        <SendIcon />
      </IconButton>
    </Box>
  );
}
