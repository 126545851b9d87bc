import { MESSAGE_MEDIA_MAX, type VaultItem } from '@aurum/core';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import CloseIcon from '@mui/icons-material/Close';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * The photos, videos and sounds a creator attaches to a message (in a chat, or to many fans at
 * once): each is uploaded as soon as it is picked, then processed by the server, and the message
 * carries them once all are ready.
 */

export interface Attachment {
  key: string;
  file: File;
  mediaId: string | null;
  phase: MediaPhase;
}

type AttachmentChange = Pick<Attachment, 'mediaId' | 'phase'>;

/**
 * The attachments of one message being written, with what the form needs to know of them: files
 * uploaded now, and items picked from the vault (processed before, they go as they are).
 */
export function useMessageAttachments() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [picked, setPicked] = useState<VaultItem[]>([]);
  const pick = useCallback(
    (items: readonly VaultItem[]) => setPicked((list) => [...list, ...items.filter((item) => !list.some((kept) => kept.id === item.id))]),
    [],
  );
  const unpick = useCallback((item: VaultItem) => setPicked((list) => list.filter((kept) => kept.id !== item.id)), []);
  const count = attachments.length + picked.length;
  const update = useCallback((key: string, change: AttachmentChange) => {
    setAttachments((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);
  const add = useCallback(
    (files: File[]) => {
      setAttachments((list) => [
        ...list,
        ...files
          .slice(0, MESSAGE_MEDIA_MAX - list.length - picked.length)
          .map((file) => ({ key: `${file.name}-${file.size}-${Math.random()}`, file, mediaId: null, phase: 'idle' as MediaPhase })),
      ]);
    },
    [picked.length],
  );
  const remove = useCallback((key: string) => setAttachments((list) => list.filter((item) => item.key !== key)), []);
  const clear = useCallback(() => {
    setAttachments([]);
    setPicked([]);
  }, []);
  const mediaIds = [
    ...attachments.flatMap((item) => (item.phase === 'ready' && item.mediaId ? [item.mediaId] : [])),
    ...picked.map((item) => item.id),
  ];
  return {
    attachments,
    picked,
    add,
    remove,
    update,
    pick,
    unpick,
    clear,
    /** Files and vault items attached. */
    count,
    /** Some are still on their way or being processed. */
    busy: attachments.some((item) => item.phase === 'uploading' || item.phase === 'processing' || item.phase === 'idle'),
    /** Some could not be uploaded or processed: removed, the rest can go. */
    broken: attachments.some((item) => item.phase === 'failed'),
    /** The media ready to go with the message: uploads in the order they were attached, then vault items. */
    mediaIds,
    full: count >= MESSAGE_MEDIA_MAX,
    /** The vault's picker for this message: as many as still fit, none attached twice. */
    vaultPicker: {
      max: MESSAGE_MEDIA_MAX - count,
      refuse: (item: VaultItem) => (mediaIds.includes(item.id) ? 'Already attached' : null),
      onPick: pick,
    },
  };
}

/**
 * Opens the file picker for one or more files (the hidden input is no control of its own): an
 * icon beside a chat's message box, or a button with `children` for its words.
 */
export function AttachButton({ disabled, onAdd, children }: { disabled: boolean; onAdd: (files: File[]) => void; children?: ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };
  return (
    <>
      {children ? (
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          disabled={disabled}
          onClick={() => input.current?.click()}
          sx={{ justifySelf: 'start' }}
        >
          {children}
        </Button>
      ) : (
        <Button
          variant="text"
          aria-label="Attach photos, videos or sounds"
          disabled={disabled}
          onClick={() => input.current?.click()}
          sx={{ minWidth: 0, mb: 0.5 }}
        >
          <AttachFileIcon />
        </Button>
      )}
      <HiddenFileInput ref={input} name="attachment" multiple accept={acceptFor(ALL_MEDIA_KINDS)} onChange={picked} />
    </>
  );
}

/** The attached files, each with its upload and processing; nothing when there are none. */
export function AttachmentList({
  attachments,
  onUpdate,
  onRemove,
}: {
  attachments: readonly Attachment[];
  onUpdate: (key: string, change: AttachmentChange) => void;
  onRemove: (key: string) => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <Box component="ul" aria-label="Attachments" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {attachments.map((item) => (
        <AttachmentRow key={item.key} attachment={item} onUpdate={onUpdate} onRemove={onRemove} />
      ))}
    </Box>
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
  onUpdate: (key: string, change: AttachmentChange) => void;
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
