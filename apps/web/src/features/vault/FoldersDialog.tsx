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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { PageLoading } from '../../components/LoadingOverlay';
import { RetryAlert } from '../../components/RetryAlert';
import { addSnack } from '../../components/snack-queue';
import { errorMessage } from '../../lib/errors';
import { vaultFoldersQuery } from '../../lib/vault';
import { folderNameRefusal, useCreateFolder, useDeleteFolder, useRenameFolder } from './api';

export const itemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

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

/** "New folder": its name, made on Add (the server's refusal shows in the field); `onMade` gets the new folder. */
export function NewFolderField({ full = false, onMade }: { full?: boolean; onMade?: (folder: VaultFolder) => void }) {
  const [name, setName] = useState('');
  const create = useCreateFolder();
  const refusal = create.error ? (folderNameRefusal(create.error) ?? errorMessage(create.error)) : null;
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    create.mutate(
      { name: trimmed },
      {
        onSuccess: (folder) => {
          setName('');
          addSnack(`Folder “${folder.name}” made.`, 'success');
          onMade?.(folder);
        },
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label="New folder"
        size="small"
        value={name}
        disabled={full}
        onChange={(event) => {
          setName(event.target.value);
          if (create.error) create.reset();
        }}
        error={Boolean(refusal)}
        helperText={refusal ?? (full ? `You have ${VAULT_FOLDERS_MAX} folders, as many as you can keep.` : 'Only you see it.')}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { maxLength: VAULT_FOLDER_NAME_MAX, autoComplete: 'off', enterKeyHint: 'done' } }}
      />
      <Button type="submit" variant="outlined" loading={create.isPending} disabled={!trimmed || full} sx={{ mt: 0.25 }}>
        Add
      </Button>
    </Box>
  );
}

function RenameFolderDialog({ folder, onClose }: { folder: VaultFolder; onClose: () => void }) {
  const titleId = useId();
  const rename = useRenameFolder(folder.id);
  const [name, setName] = useState(folder.name);
  const trimmed = name.trim();
  const refusal = rename.error ? folderNameRefusal(rename.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    rename.mutate(
      { name: trimmed },
      {
        onSuccess: () => {
          addSnack('Folder renamed.', 'success');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={rename.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Rename the folder</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (rename.error) rename.reset();
            }}
            autoFocus
            error={Boolean(refusal)}
            helperText={refusal ?? `${name.length}/${VAULT_FOLDER_NAME_MAX}`}
            slotProps={{ htmlInput: { maxLength: VAULT_FOLDER_NAME_MAX, autoComplete: 'off' } }}
          />
          {rename.error && !refusal && <Alert severity="error">{errorMessage(rename.error)}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={rename.isPending} disabled={!trimmed || trimmed === folder.name}>
            Rename
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
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
