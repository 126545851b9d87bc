import { CHAT_MESSAGE_MAX_LENGTH, type ContentPrice, MESSAGE_MEDIA_MAX, type VaultItem } from '@aurum/core';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { FromVaultButton, VaultPicks } from '../../components/FromVaultButton';
import { useSnacksClearOfBottom } from '../../components/snack-queue';
import { contentCurrency, ownPlansQuery } from '../../lib/plans';
import { parseContentPrice } from '../../lib/price';
import { useOnline } from '../../lib/pwa/online';
import {
  ALL_MEDIA_KINDS,
  acceptFor,
  HiddenFileInput,
  type MediaPhase,
  mediaPhase,
  UploadStatus,
  useMediaStatus,
  useUpload,
} from '../../lib/upload';

/** How often the partner is told the user is typing, at most. */
const TYPING_EVERY_MS = 3000;

interface Attachment {
  key: string;
  file: File;
  mediaId: string | null;
  phase: MediaPhase;
}

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
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  /** Items chosen from the vault: uploaded and processed before, they go as they are. */
  const [picked, setPicked] = useState<VaultItem[]>([]);
  const [priceText, setPriceText] = useState('');
  const lastTyping = useRef(0);
  const online = useOnline();
  useSnacksClearOfBottom();
  const plans = useQuery({ ...ownPlansQuery, enabled: canAttach });
  const currency = contentCurrency(plans.data);
  const trimmed = text.trim();
  const tooLong = trimmed.length > CHAT_MESSAGE_MAX_LENGTH;
  const busy = attachments.some((item) => item.phase === 'uploading' || item.phase === 'processing' || item.phase === 'idle');
  const broken = attachments.some((item) => item.phase === 'failed');
  const mediaIds = [
    ...attachments.flatMap((item) => (item.phase === 'ready' && item.mediaId ? [item.mediaId] : [])),
    ...picked.map((item) => item.id),
  ];
  const attached = attachments.length + picked.length;
  const price = parseContentPrice(attached > 0 ? priceText : '', currency);
  const priceError = price.error;
  const canSend = online && (trimmed.length > 0 || mediaIds.length > 0) && !tooLong && !busy && !broken && !priceError;

  const update = useCallback((key: string, change: Pick<Attachment, 'mediaId' | 'phase'>) => {
    setAttachments((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);
  const add = (files: File[]) => {
    setAttachments((list) => [
      ...list,
      ...files
        .slice(0, MESSAGE_MEDIA_MAX - list.length)
        .map((file) => ({ key: `${file.name}-${file.size}-${Math.random()}`, file, mediaId: null, phase: 'idle' as MediaPhase })),
    ]);
  };
  const remove = (key: string) => setAttachments((list) => list.filter((item) => item.key !== key));

  const send = () => {
    if (!canSend) return;
    onSend({ text: trimmed, mediaIds, price: mediaIds.length > 0 ? price.price : null });
    setText('');
    setAttachments([]);
    setPicked([]);
    setPriceText('');
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {attachments.length > 0 && (
        <Box component="ul" aria-label="Attachments" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
          {attachments.map((item) => (
            <AttachmentRow key={item.key} attachment={item} onUpdate={update} onRemove={remove} />
          ))}
        </Box>
      )}
      <VaultPicks items={picked} onRemove={(item) => setPicked((list) => list.filter((kept) => kept.id !== item.id))} />
      {canAttach && attached > 0 && (
        <TextField
          label="Price (optional)"
          size="small"
          value={priceText}
          onChange={(event) => setPriceText(event.target.value)}
          error={Boolean(priceError)}
          helperText={priceError ?? 'Set a price and the member pays to see the media. Leave empty to send it free.'}
          slotProps={{
            htmlInput: { inputMode: 'decimal', name: 'price' },
            input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
          }}
          sx={{ maxWidth: 320 }}
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
        {canAttach && <AttachButton disabled={!online || attached >= MESSAGE_MEDIA_MAX} onAdd={add} />}
        {canAttach && (
          <FromVaultButton
            icon
            disabled={!online || attached >= MESSAGE_MEDIA_MAX}
            max={MESSAGE_MEDIA_MAX - attached}
            refuse={(item) => (mediaIds.includes(item.id) ? 'Already attached' : null)}
            onPick={(items) => setPicked((list) => [...list, ...items.filter((item) => !list.some((kept) => kept.id === item.id))])}
          />
        )}
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

/** Opens the file picker for one or more files; the hidden input is no control of its own. */
function AttachButton({ disabled, onAdd }: { disabled: boolean; onAdd: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };
  return (
    <>
      <Button
        variant="text"
        aria-label="Attach photos, videos or sounds"
        disabled={disabled}
        onClick={() => input.current?.click()}
        sx={{ minWidth: 0, mb: 0.5 }}
      >
        <AttachFileIcon />
      </Button>
      <HiddenFileInput ref={input} name="attachment" multiple accept={acceptFor(ALL_MEDIA_KINDS)} onChange={picked} />
    </>
  );
}

/** What was attached, before it is sent: the picture itself (from this device), or the kind of file. */
function AttachmentPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  const isImage = file.type.startsWith('image/');
  useEffect(() => {
    if (!isImage) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, isImage]);
  const frame = { width: 48, height: 48, flexShrink: 0, borderRadius: 1, bgcolor: 'action.hover' } as const;
  if (isImage) return <Box component="img" src={url ?? undefined} alt="" sx={{ ...frame, objectFit: 'cover' }} />;
  const Icon = file.type.startsWith('audio/') ? AudioFileIcon : VideoFileIcon;
  return (
    <Box aria-hidden sx={{ ...frame, display: 'grid', placeItems: 'center', color: 'primary.main' }}>
      <Icon />
    </Box>
  );
}

/** One attached file, shown with its name: its own upload, then the server's processing. */
function AttachmentRow({
  attachment,
  onUpdate,
  onRemove,
}: {
  attachment: Attachment;
  onUpdate: (key: string, change: Pick<Attachment, 'mediaId' | 'phase'>) => void;
  onRemove: (key: string) => void;
}) {
  const upload = useUpload();
  const status = useMediaStatus(upload.mediaId);
  const phase = mediaPhase(upload.state, status.data?.status);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the upload starts once, when the file is attached
  useEffect(() => {
    upload.start(attachment.file);
  }, []);
  useEffect(() => {
    onUpdate(attachment.key, { mediaId: upload.mediaId, phase: upload.state === 'error' ? 'failed' : phase });
  }, [onUpdate, attachment.key, upload.mediaId, upload.state, phase]);

  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <AttachmentPreview file={attachment.file} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {attachment.file.name}
        </Typography>
        <UploadStatus
          phase={phase}
          progress={upload.progress}
          error={upload.error ?? status.data?.failureReason}
          label={attachment.file.name}
          readyText="Ready to send"
        />
      </Box>
      <IconButton aria-label={`Remove ${attachment.file.name}`} onClick={() => onRemove(attachment.key)}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
}
