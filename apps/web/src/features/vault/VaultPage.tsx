import { VAULT_USES, type VaultItem, type VaultUse } from '@aurum/core';
import FolderIcon from '@mui/icons-material/Folder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BecomeCreatorPrompt } from '../../components/BecomeCreatorPrompt';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { VaultFolderSelect, VaultGrid, VaultKindChips, VaultThumb, vaultTileLabel } from '../../components/VaultTile';
import { useIsCreator } from '../../lib/current-user';
import { StorageUsage } from '../../lib/upload';
import { useAddressParams } from '../../lib/useAddressParams';
import { vaultFilters, vaultFoldersQuery, vaultItemsQuery } from '../../lib/vault';
import { FoldersDialog } from './FoldersDialog';
import { ItemSheet } from './ItemSheet';

const TITLE = 'Vault';

/** A select whose empty choice (no filter) is shown by its words, under a raised label. */
const EMPTY_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const USE_LABELS: Record<VaultUse | '', string> = {
  '': 'Everywhere',
  posts: 'In posts',
  messages: 'In messages',
  mass_messages: 'In mass messages',
  unused: 'Unused',
};

/**
 * /vault: everything the creator uploaded, newest first, with how much of their storage it
 * takes and where each item is used; filtered by kind, use and folder (in the address). An
 * item opens in a sheet: a look at it, its folders, and deleting it.
 */
export default function VaultPage() {
  if (!useIsCreator()) {
    return <BecomeCreatorPrompt title={TITLE} what="The vault keeps everything you upload for posts and messages, to use again." />;
  }
  return <Vault />;
}

function Vault() {
  const [params, set] = useAddressParams();
  const folders = useQuery(vaultFoldersQuery());
  const chosen = vaultFilters({ kind: params.get('kind'), use: params.get('use'), folderId: params.get('folder') });
  // A folder the creator no longer has (deleted elsewhere) is no filter.
  const folderId = folders.data && !folders.data.folders.some((folder) => folder.id === chosen.folderId) ? '' : chosen.folderId;
  const filters = { ...chosen, folderId };
  const items = useInfiniteQuery(vaultItemsQuery(filters));
  const [open, setOpen] = useState<VaultItem | null>(null);
  const [managing, setManaging] = useState(false);
  const shown = items.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = filters.kind !== '' || filters.use !== '' || filters.folderId !== '';
  // The sheet shows the item as the lists have it now (its uses, its folders), or as it was opened.
  const current = open ? (shown.find((item) => item.id === open.id) ?? open) : null;

  return (
    <Box>
      <PageHeader title={TITLE}>
        Everything you uploaded, and where it is used. Put any of it in a new post or message without uploading it again. What nothing uses
        is removed a week after its upload, unless you keep it in a folder.
      </PageHeader>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <StorageUsage />
      </Paper>

      <Box component="search" aria-label="Filters" sx={{ display: 'grid', gap: 2, mb: 2 }}>
        <VaultKindChips value={filters.kind} onChange={(kind) => set({ kind: kind || null })} />
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Used"
            value={filters.use}
            onChange={(event) => set({ use: event.target.value || null })}
            slotProps={EMPTY_SHOWN}
            sx={{ flex: '1 1 160px', maxWidth: { sm: 240 } }}
          >
            {(['', ...VAULT_USES] as const).map((use) => (
              <MenuItem key={use} value={use}>
                {USE_LABELS[use]}
              </MenuItem>
            ))}
          </TextField>
          <VaultFolderSelect
            folders={folders.data?.folders ?? []}
            value={filters.folderId}
            onChange={(folder) => set({ folder: folder || null })}
            sx={{ flex: '1 1 160px', maxWidth: { sm: 240 } }}
          />
          <Button variant="outlined" startIcon={<FolderIcon />} onClick={() => setManaging(true)}>
            Folders
          </Button>
        </Box>
      </Box>

      {items.isPending ? (
        <PageLoading label="Loading your vault" />
      ) : items.isError && !items.data ? (
        <RetryAlert error={items.error} onRetry={() => void items.refetch()} />
      ) : shown.length === 0 ? (
        <Paper
          variant="outlined"
          role="status"
          sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 1, justifyItems: 'center' }}
        >
          <Typography variant="h2">{filtered ? 'Nothing matches' : 'Nothing here yet'}</Typography>
          <Typography color="text.secondary">
            {filtered ? 'None of your uploads fits these filters.' : 'What you upload for posts and messages shows here.'}
          </Typography>
          {filtered && (
            <Button variant="outlined" onClick={() => set({ kind: null, use: null, folder: null })} sx={{ mt: 1 }}>
              Show everything
            </Button>
          )}
        </Paper>
      ) : (
        <>
          <VaultGrid label="Your uploads" busy={items.isPlaceholderData}>
            {shown.map((item) => (
              <li key={item.id}>
                <ButtonBase
                  aria-label={vaultTileLabel(item)}
                  aria-haspopup="dialog"
                  onClick={() => setOpen(item)}
                  sx={{
                    display: 'block',
                    width: '100%',
                    borderRadius: { xs: 1, sm: 1.5 },
                    '&:hover img': { transform: 'scale(1.03)' },
                    '& img': { transition: 'transform 200ms ease' },
                    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                  }}
                >
                  <VaultThumb item={item} showUses />
                </ButtonBase>
              </li>
            ))}
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

      {current && <ItemSheet key={current.id} item={current} onClose={() => setOpen(null)} />}
      {managing && (
        <FoldersDialog
          onDeleted={(deleted) => {
            if (deleted === filters.folderId) set({ folder: null });
          }}
          onClose={() => setManaging(false)}
        />
      )}
    </Box>
  );
}
