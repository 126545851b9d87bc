import { VAULT_FOLDER_NAME_MAX, VAULT_FOLDERS_MAX, type VaultFolder } from '@aurum/core';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PageLoading } from '../../components/LoadingOverlay';
import { AddNameField } from '../../components/naming/AddNameField';
import { NameDialog } from '../../components/naming/NameDialog';
import { RetryAlert } from '../../components/RetryAlert';
import { addSnack } from '../../components/snack-queue';
import { itemCount } from '../../components/VaultTile';
import { errorMessage } from '../../lib/errors';
import { vaultFoldersQuery } from '../../lib/vault';
import { folderNameRefusal, useCreateFolder, useDeleteFolder, useRenameFolder } from './api';

/**
 * The creator's folders: a new one made, each renamed or deleted (its items stay in the vault).
 * `onDeleted` tells the page, which may be showing that folder. Full screen on a phone.
 */
export function FoldersDialog({ onDeleted, onClose }: { onDeleted: (folderId: string) => void; onClose: () => void }) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const folders = useQuery(vaultFoldersQuery());
  const [renaming, setRenaming] = useState<VaultFolder | null>(null);
  const [deleting, setDeleting] = useState<VaultFolder | null>(null);
  const list = folders.data?.folders ?? [];
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Folders
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <NewFolderField full={list.length >= VAULT_FOLDERS_MAX} />
        {folders.isPending ? (
          <PageLoading label="Loading your folders" />
        ) : folders.error && !folders.data ? (
          <RetryAlert error={folders.error} onRetry={() => void folders.refetch()} />
        ) : list.length === 0 ? (
          <Typography color="text.secondary">
            No folders yet. Make one to keep items together: a set, a series, what you send new fans.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Your folders" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {list.map((folder) => (
              <Box
                component="li"
                key={folder.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{folder.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {itemCount(folder.count)}
                  </Typography>
                </Box>
                <IconButton aria-label={`Rename ${folder.name}`} onClick={() => setRenaming(folder)}>
                  <EditIcon />
                </IconButton>
                <IconButton aria-label={`Delete ${folder.name}`} onClick={() => setDeleting(folder)}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
      {renaming && <RenameFolderDialog folder={renaming} onClose={() => setRenaming(null)} />}
      {deleting && (
        <DeleteFolderDialog
          folder={deleting}
          onDeleted={() => {
            onDeleted(deleting.id);
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Dialog>
  );
}

/** "New folder": made on Add (the server's refusal shows in the field); `onMade` gets the new folder. */
export function NewFolderField({ full = false, onMade }: { full?: boolean; onMade?: (folder: VaultFolder) => void }) {
  const create = useCreateFolder();
  return (
    <AddNameField
      label="New folder"
      maxLength={VAULT_FOLDER_NAME_MAX}
      hint={full ? `You have ${VAULT_FOLDERS_MAX} folders, as many as you can keep.` : 'Only you see it.'}
      disabled={full}
      pending={create.isPending}
      error={create.error}
      refusalOf={folderNameRefusal}
      onEdit={() => create.error && create.reset()}
      onAdd={(name, clear) =>
        create.mutate(
          { name },
          {
            onSuccess: (folder) => {
              clear();
              addSnack(`Folder “${folder.name}” made.`, 'success');
              onMade?.(folder);
            },
          },
        )
      }
    />
  );
}

function RenameFolderDialog({ folder, onClose }: { folder: VaultFolder; onClose: () => void }) {
  const rename = useRenameFolder(folder.id);
  return (
    <NameDialog
      title="Rename the folder"
      submitLabel="Rename"
      initialName={folder.name}
      maxLength={VAULT_FOLDER_NAME_MAX}
      pending={rename.isPending}
      error={rename.error}
      refusalOf={folderNameRefusal}
      onEdit={() => rename.error && rename.reset()}
      onSubmit={(name) =>
        rename.mutate(
          { name },
          {
            onSuccess: () => {
              addSnack('Folder renamed.', 'success');
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}

function DeleteFolderDialog({ folder, onDeleted, onClose }: { folder: VaultFolder; onDeleted: () => void; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const remove = useDeleteFolder(folder.id);
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Delete “{folder.name}”?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          The folder goes. What is in it ({itemCount(folder.count)}) stays in your vault, and wherever it is used.
        </DialogContentText>
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                addSnack(`Folder “${folder.name}” deleted.`, 'success');
                onDeleted();
              },
            })
          }
        >
          Delete folder
        </Button>
      </DialogActions>
    </Dialog>
  );
}
