import type { MediaKind, VaultItem } from '@aurum/core';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { vaultFoldersQuery, vaultItemsQuery } from '../lib/vault';
import { PageLoading } from './LoadingOverlay';
import { LoadMore } from './LoadMore';
import { RetryAlert } from './RetryAlert';
import { VaultFolderSelect, VaultGrid, VaultKindChips, VaultThumb, vaultTileLabel } from './VaultTile';

export interface VaultPickerProps {
  /** How many items may be chosen (the room left where they go). */
  max: number;
  /** Why an item cannot go where the picker adds it (the profile picture into a post), or null when it can. */
  refuse?: (item: VaultItem) => string | null;
  /** The chosen items, in the order they were ticked. */
  onPick: (items: VaultItem[]) => void;
  onClose: () => void;
}

/**
 * The creator's vault as a dialog to choose from: filtered by kind and folder, several items
 * ticked (only those processed and allowed where they go), handed back on Add. Full screen on a phone.
 */
export function VaultPicker({ max, refuse, onPick, onClose }: VaultPickerProps) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [kind, setKind] = useState<MediaKind | ''>('');
  const [folderId, setFolderId] = useState('');
  const [chosen, setChosen] = useState<VaultItem[]>([]);
  const folders = useQuery(vaultFoldersQuery());
  const items = useInfiniteQuery(vaultItemsQuery({ kind, use: '', folderId }));
  const shown = items.data?.pages.flatMap((page) => page.items) ?? [];
  const full = chosen.length >= max;
  const filtered = kind !== '' || folderId !== '';

  const toggle = (item: VaultItem, on: boolean) =>
    setChosen((current) => (on ? [...current.filter((kept) => kept.id !== item.id), item] : current.filter((kept) => kept.id !== item.id)));

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Choose from your vault
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <VaultKindChips value={kind} onChange={setKind} />
          {folders.data && folders.data.folders.length > 0 && (
            <VaultFolderSelect folders={folders.data.folders} value={folderId} onChange={setFolderId} sx={{ width: { xs: 1, sm: 220 } }} />
          )}
        </Box>
        {items.isPending ? (
          <PageLoading label="Loading your vault" />
        ) : items.isError && !items.data ? (
          <RetryAlert error={items.error} onRetry={() => void items.refetch()} />
        ) : shown.length === 0 ? (
          <Paper variant="outlined" role="status" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
            <Typography color="text.secondary">
              {filtered ? 'Nothing here matches these filters.' : 'Nothing here yet. What you upload for posts and messages shows here.'}
            </Typography>
          </Paper>
        ) : (
          <>
            <VaultGrid label="Your vault" busy={items.isPlaceholderData}>
              {shown.map((item) => {
                const checked = chosen.some((kept) => kept.id === item.id);
                const refusal = item.status !== 'ready' ? 'Not ready yet' : (refuse?.(item) ?? null);
                return (
                  <PickTile
                    key={item.id}
                    item={item}
                    checked={checked}
                    disabled={!checked && (refusal !== null || full)}
                    refusal={refusal}
                    onChange={(on) => toggle(item, on)}
                  />
                );
              })}
            </VaultGrid>
            <LoadMore
              hasMore={items.hasNextPage}
              loading={items.isFetchingNextPage}
              failed={items.isFetchNextPageError ? items.error : null}
              onLoad={() => void items.fetchNextPage()}
              label="Load more"
              loadingLabel="Loading more of your vault"
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 'auto' }}>
          {chosen.length === 0
            ? `Tick up to ${max} ${max === 1 ? 'item' : 'items'}.`
            : `${chosen.length} chosen${full ? `, as many as fit` : ''}.`}
        </Typography>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={chosen.length === 0} onClick={() => onPick(chosen)}>
          {chosen.length > 0 ? `Add ${chosen.length}` : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One item to tick: the whole square is the checkbox's label; a refused one says why on hover. */
function PickTile({
  item,
  checked,
  disabled,
  refusal,
  onChange,
}: {
  item: VaultItem;
  checked: boolean;
  disabled: boolean;
  refusal: string | null;
  onChange: (on: boolean) => void;
}) {
  const tile = (
    <Box
      component="label"
      sx={{
        position: 'relative',
        display: 'block',
        cursor: disabled ? 'default' : 'pointer',
        borderRadius: { xs: 1, sm: 1.5 },
        outline: checked ? '3px solid' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: -3,
        opacity: disabled && refusal ? 0.45 : 1,
        '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: checked ? -3 : 2 },
      }}
    >
      <VaultThumb item={item} />
      <Checkbox
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-label': vaultTileLabel(item) } }}
        sx={{
          position: 'absolute',
          top: 0,
          right: 0,
          p: 0.5,
          m: 0.25,
          color: '#f5efe3',
          bgcolor: 'rgba(10, 8, 5, 0.55)',
          borderRadius: 1,
          '&.Mui-checked': { color: 'primary.main' },
          '&:hover': { bgcolor: 'rgba(10, 8, 5, 0.7)' },
        }}
      />
    </Box>
  );
  return <li>{refusal && !checked ? <Tooltip title={refusal}>{tile}</Tooltip> : tile}</li>;
}
