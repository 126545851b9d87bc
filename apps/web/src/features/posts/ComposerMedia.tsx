import { type MediaKind, UNSUPPORTED_FILE_TYPE_MESSAGE, type VaultItem } from '@aurum/core';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import MovieIcon from '@mui/icons-material/Movie';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FromVaultButton } from '../../components/FromVaultButton';
import {
  ALL_MEDIA_KINDS,
  acceptFor,
  HiddenFileInput,
  type MediaPhase,
  mediaPhase,
  StorageUsage,
  UploadStatus,
  useMediaStatus,
  useObjectUrl,
  useUpload,
} from '../../lib/upload';
import type { ComposerItem } from './composer-media';

export type ItemUpdate = Pick<ComposerItem, 'mediaId' | 'phase' | 'error'> & { kind?: MediaKind | null };

export interface ComposerMediaProps {
  items: readonly ComposerItem[];
  /** Whether single items may be moved and removed (see listEditable). */
  editable: boolean;
  roomLeft: number;
  onAdd: (files: File[]) => void;
  /** Items chosen from the vault, to add as they are. */
  onAddFromVault: (items: VaultItem[]) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, delta: -1 | 1) => void;
  onUpdate: (key: string, update: ItemUpdate) => void;
  onReplaceAll: () => void;
  error?: string | null;
}

/** The composer's media: add several files, watch each upload and its processing, reorder and remove. */
export function ComposerMedia({
  items,
  editable,
  roomLeft,
  onAdd,
  onAddFromVault,
  onRemove,
  onMove,
  onUpdate,
  onReplaceAll,
  error,
}: ComposerMediaProps) {
  return (
    <Box component="section" aria-labelledby="composer-media-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="composer-media-title" variant="h2" sx={{ fontSize: '1.1rem' }}>
          Media
        </Typography>
        {editable && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <AddMediaButton disabled={roomLeft === 0} onAdd={onAdd} />
            <FromVaultButton
              disabled={roomLeft === 0}
              max={roomLeft}
              refuse={(item) =>
                items.some((kept) => kept.mediaId === item.id)
                  ? 'Already in this post'
                  : item.uses.profile
                    ? 'Your profile picture or cover cannot go into a post'
                    : null
              }
              onPick={onAddFromVault}
            />
          </Box>
        )}
      </Box>
      {!editable && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={onReplaceAll} sx={{ whiteSpace: 'nowrap' }}>
              Replace media
            </Button>
          }
        >
          The media already on this post stay as they are. To change them, replace them all with new uploads.
        </Alert>
      )}
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Add photos, videos or audio. Up to {roomLeft} items; large files upload in parts and resume if the connection drops.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Media in this post" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {items.map((item, index) => (
            <MediaRow
              key={item.key}
              item={item}
              position={index}
              count={items.length}
              editable={editable}
              onRemove={onRemove}
              onMove={onMove}
              onUpdate={onUpdate}
            />
          ))}
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {editable && <StorageUsage />}
    </Box>
  );
}

/**
 * Opens the file picker for several files. The input is hidden from view and from assistive
 * technology; the button is the control (as in the shared upload button).
 */
function AddMediaButton({ disabled, onAdd }: { disabled: boolean; onAdd: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again (to resume it, say) fires again.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<AddPhotoAlternateIcon />} disabled={disabled} onClick={() => input.current?.click()}>
        Add photos, videos or audio
      </Button>
      <HiddenFileInput ref={input} name="media" multiple accept={acceptFor(ALL_MEDIA_KINDS)} onChange={picked} />
    </>
  );
}

interface RowProps {
  item: ComposerItem;
  position: number;
  count: number;
  editable: boolean;
  onRemove: (key: string) => void;
  onMove: (key: string, delta: -1 | 1) => void;
  onUpdate: (key: string, update: ItemUpdate) => void;
}

function MediaRow(props: RowProps) {
  return props.item.file ? <UploadRow {...props} file={props.item.file} /> : <ExistingRow {...props} />;
}

/** A file picked in this visit: its own resumable upload, then the server's processing. */
function UploadRow({ file, ...props }: RowProps & { file: File }) {
  const { item, onUpdate } = props;
  const upload = useUpload();
  const status = useMediaStatus(upload.mediaId);
  const phase = mediaPhase(upload.state, status.data?.status);
  const error = upload.error ?? (phase === 'failed' ? (status.data?.failureReason ?? 'This file could not be processed.') : null);
  const kind = upload.result?.kind ?? item.kind;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the upload starts once, when the file is added
  useEffect(() => {
    upload.start(file);
  }, []);

  useEffect(() => {
    onUpdate(item.key, { mediaId: upload.mediaId, phase: phase === 'idle' ? 'uploading' : phase, error, kind });
  }, [onUpdate, item.key, upload.mediaId, phase, error, kind]);

  const preview = useObjectUrl(kind === 'image' ? file : null);
  return (
    <Row
      {...props}
      preview={preview}
      kind={kind}
      status={
        <UploadStatus
          phase={phase}
          progress={upload.progress}
          processingProgress={status.progress}
          error={error}
          label={item.name}
          readyText="Ready"
        />
      }
      retry={upload.state === 'error' && upload.error !== UNSUPPORTED_FILE_TYPE_MESSAGE ? () => upload.start(file) : undefined}
    />
  );
}

/** An item already on the post being edited; one still processing shows its progress live. */
function ExistingRow(props: RowProps) {
  const { item, onUpdate } = props;
  const { existing } = item;
  const status = useMediaStatus(existing?.status === 'processing' ? item.mediaId : null);
  const phase: MediaPhase = status.data ? mediaPhase('done', status.data.status) : item.phase;
  const error = phase === 'failed' ? (status.data?.failureReason ?? item.error ?? 'This item could not be processed.') : null;

  useEffect(() => {
    if (phase !== item.phase) onUpdate(item.key, { mediaId: item.mediaId, phase, error, kind: item.kind });
  }, [onUpdate, item.key, item.mediaId, item.phase, item.kind, phase, error]);

  return (
    <Row
      {...props}
      preview={existing?.urls.thumb ?? existing?.urls.poster ?? null}
      kind={item.kind}
      status={
        <UploadStatus
          phase={phase}
          progress={100}
          processingProgress={status.progress}
          error={error}
          label={item.name}
          readyText={item.fromVault ? 'From your vault' : 'On the post'}
        />
      }
    />
  );
}

const KIND_ICONS: Record<MediaKind, ReactNode> = {
  image: <AddPhotoAlternateIcon />,
  video: <MovieIcon />,
  audio: <GraphicEqIcon />,
};

function Row({
  item,
  position,
  count,
  editable,
  onRemove,
  onMove,
  preview,
  kind,
  status,
  retry,
}: RowProps & { preview: string | null; kind: MediaKind | null; status: ReactNode; retry?: () => void }) {
  const label = item.name;
  const [previewBroken, setPreviewBroken] = useState(false);
  // Moving a row re-inserts it in the list, which drops the focus; the pressed button gets it back.
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef<'up' | 'down' | null>(null);
  useEffect(() => {
    if (!refocus.current || position < 0) return;
    const wanted = refocus.current === 'up' ? upButton.current : downButton.current;
    const other = refocus.current === 'up' ? downButton.current : upButton.current;
    refocus.current = null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [position]);
  const move = (direction: 'up' | 'down') => {
    refocus.current = direction;
    onMove(item.key, direction === 'up' ? -1 : 1);
  };
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: '56px minmax(0, 1fr) auto',
        gridTemplateAreas: { xs: '"thumb name actions" "thumb status status"', sm: '"thumb name actions" "thumb status actions"' },
        columnGap: 1.5,
        rowGap: 0.25,
        alignItems: 'center',
        p: 1,
        borderRadius: 2,
        border: 1,
        borderColor: item.phase === 'error' || item.phase === 'failed' ? 'error.main' : 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        sx={{
          gridArea: 'thumb',
          width: 56,
          height: 56,
          borderRadius: 1.5,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          color: 'primary.main',
        }}
      >
        {preview && !previewBroken ? (
          <Box
            component="img"
            src={preview}
            alt=""
            onError={() => setPreviewBroken(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Box aria-hidden sx={{ display: 'contents' }}>
            {kind ? KIND_ICONS[kind] : <InsertDriveFileIcon />}
          </Box>
        )}
      </Box>
      <Typography
        variant="body2"
        sx={{ gridArea: 'name', minWidth: 0, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        title={label}
      >
        {label}
      </Typography>
      <Box sx={{ gridArea: 'status', minWidth: 0 }}>{status}</Box>
      <Box sx={{ gridArea: 'actions', display: 'flex', alignItems: 'center' }}>
        {retry && (
          <Tooltip title="Try again">
            <IconButton aria-label={`Try uploading ${label} again`} onClick={retry}>
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        )}
        {editable && count > 1 && (
          <>
            <IconButton ref={upButton} aria-label={`Move ${label} up`} disabled={position === 0} onClick={() => move('up')}>
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton ref={downButton} aria-label={`Move ${label} down`} disabled={position === count - 1} onClick={() => move('down')}>
              <ArrowDownwardIcon />
            </IconButton>
          </>
        )}
        {editable && (
          <IconButton aria-label={`Remove ${label}`} onClick={() => onRemove(item.key)}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
    </Box>
  );
}
