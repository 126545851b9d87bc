import { MEDIA_KINDS, type MediaKind, type VaultFolder, type VaultItem } from '@aurum/core';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import ImageIcon from '@mui/icons-material/Image';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import VideocamIcon from '@mui/icons-material/Videocam';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { formatDuration, mediaKindName, placesUsed, usesText, VAULT_KIND_LABELS, vaultItemName } from '../lib/vault';
import { FadeInImage } from './post/PostMediaView';
import { placeholderDataUrl } from './post/placeholder';

const KIND_ICONS: Record<MediaKind, ReactNode> = {
  image: <ImageIcon sx={{ fontSize: 16 }} />,
  video: <VideocamIcon sx={{ fontSize: 16 }} />,
  audio: <GraphicEqIcon sx={{ fontSize: 16 }} />,
};

const badge = {
  position: 'absolute',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.25,
  px: 0.75,
  py: 0.25,
  borderRadius: 999,
  bgcolor: 'rgba(10, 8, 5, 0.72)',
  color: '#f5efe3',
  fontSize: '0.75rem',
  fontWeight: 600,
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
} as const;

/** What a screen reader says of a tile: its name, kind and length, and where it is used. */
export function vaultTileLabel(item: VaultItem): string {
  const length = item.durationMs ? ` ${formatDuration(item.durationMs)}` : '';
  const uses = usesText(item);
  const state = item.status === 'processing' ? ', still processing' : item.status === 'failed' ? ', could not be processed' : '';
  return `${vaultItemName(item)}, ${mediaKindName(item.kind)}${length}${state}, ${uses ? `used in ${uses}` : 'not used'}`;
}

/**
 * One vault item as a square: its thumbnail (or poster), a badge with its kind and length, and
 * with `showUses` how many places use it. An item still processing or failed says so.
 */
export function VaultThumb({ item, showUses = false }: { item: VaultItem; showUses?: boolean }) {
  const image = item.status === 'ready' ? (item.urls.thumb ?? item.urls.poster) : undefined;
  const placeholder = placeholderDataUrl(item.placeholder);
  const used = placesUsed(item);
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        aspectRatio: '1',
        overflow: 'hidden',
        borderRadius: { xs: 1, sm: 1.5 },
        bgcolor: 'action.hover',
        background: image || placeholder ? undefined : 'linear-gradient(135deg, #2a2110, #14110c)',
      }}
    >
      {image ? (
        <FadeInImage src={image} alt="" placeholder={item.placeholder} />
      ) : (
        <>
          {placeholder && <FadeInImage src={placeholder} alt="" />}
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            {item.status === 'failed' ? (
              <ReportProblemIcon color="error" />
            ) : item.status !== 'ready' ? (
              <HourglassTopIcon color="primary" />
            ) : (
              <GraphicEqIcon sx={{ fontSize: 40, color: 'primary.main' }} />
            )}
          </Box>
        </>
      )}
      <Box sx={{ ...badge, left: 4, bottom: 4 }}>
        {KIND_ICONS[item.kind]}
        {item.durationMs ? formatDuration(item.durationMs) : null}
      </Box>
      {showUses && used > 0 && <Box sx={{ ...badge, left: 4, top: 4 }}>Used in {used}</Box>}
    </Box>
  );
}

/** The vault's items as a grid of squares: three across on a phone, more on wider screens. */
export function VaultGrid({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 0.5, sm: 1 },
        gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        opacity: busy ? 0.6 : 1,
      }}
    >
      {children}
    </Box>
  );
}

/** The kind filter: All, Photos, Videos, Audio, one pressed. */
export function VaultKindChips({ value, onChange }: { value: MediaKind | ''; onChange: (kind: MediaKind | '') => void }) {
  const choices: { kind: MediaKind | ''; label: string }[] = [
    { kind: '', label: 'All' },
    ...MEDIA_KINDS.map((kind) => ({ kind, label: VAULT_KIND_LABELS[kind] })),
  ];
  return (
    <Box role="group" aria-label="Kind" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {choices.map((choice) => {
        const pressed = choice.kind === value;
        return (
          <Chip
            key={choice.label}
            label={choice.label}
            clickable
            color={pressed ? 'primary' : 'default'}
            variant={pressed ? 'filled' : 'outlined'}
            aria-pressed={pressed}
            onClick={() => onChange(choice.kind)}
          />
        );
      })}
    </Box>
  );
}

export const itemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** The folder filter: All folders, or one of the creator's folders with how much it holds. */
export function VaultFolderSelect({
  folders,
  value,
  onChange,
  sx,
}: {
  folders: readonly VaultFolder[];
  value: string;
  onChange: (folderId: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label="Folder"
      // A folder no longer there (deleted elsewhere) is no filter.
      value={folders.some((folder) => folder.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      fullWidth={false}
      sx={sx}
    >
      <MenuItem value="">All folders</MenuItem>
      {folders.map((folder) => (
        <MenuItem key={folder.id} value={folder.id}>
          {folder.name} ({itemCount(folder.count)})
        </MenuItem>
      ))}
    </TextField>
  );
}
