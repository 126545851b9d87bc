import { formatBytes, type VaultFolders, type VaultItem } from '@aurum/core';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutationState, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { DetailList } from '../../components/DetailList';
import { PostMediaView } from '../../components/post/PostMediaView';
import { RetryAlert } from '../../components/RetryAlert';
import { addSnack } from '../../components/snack-queue';
import { isApiError } from '../../lib/api/client';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { formatDuration, mediaKindName, placesUsed, usesText, vaultFoldersQuery, vaultItemName } from '../../lib/vault';
import { type FolderChange, pendingFolderChanges, useDeleteVaultItem, useFileInFolder } from './api';
import { NewFolderField } from './FoldersDialog';

/**
 * One item of the vault: a larger look at it (the picture, or the video or sound to play), its
 * name, size and date, where it is used, the folders it is in (a tick files it at once), and
 * deleting it. Full screen on a phone.
 */
export function ItemSheet({ item, onClose }: { item: VaultItem; onClose: () => void }) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [deleting, setDeleting] = useState(false);
  const name = vaultItemName(item);
  const size = [formatBytes(item.sizeBytes), item.width && item.height ? `${item.width} × ${item.height}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {name}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        {/* A block of its own: the frame's height follows its width, which a grid row would not wait for. */}
        <Box sx={{ '& > div': { maxHeight: { xs: '45vh', sm: '50vh' } } }}>
          <PostMediaView item={{ ...item, position: 0, mediaId: item.id }} index={0} count={1} locked={false} />
        </Box>
        <DetailList
          rows={[
            ['Kind', `${mediaKindName(item.kind)}${item.durationMs ? `, ${formatDuration(item.durationMs)}` : ''}`],
            ['Size', size],
            ['Uploaded', formatDateTime(item.createdAt)],
          ]}
        />
        <Uses item={item} />
        <Folders item={item} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, justifyContent: 'space-between' }}>
        <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
          Delete
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
      {deleting && (
        <DeleteItemDialog
          item={item}
          onDeleted={() => {
            setDeleting(false);
            onClose();
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Where the item shows: how many posts, messages and mass messages, and whether it is the profile's picture or cover. */
function Uses({ item }: { item: VaultItem }) {
  const text = usesText(item);
  const rows: [string, string][] = [
    ['Posts', String(item.uses.posts)],
    ['Messages', String(item.uses.messages)],
    ['Mass messages', String(item.uses.massMessages)],
  ];
  return (
    <Section title="Where it is used">
      <Typography color="text.secondary">{text ? `Used in ${text}.` : 'Not used anywhere yet.'}</Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          // The numbers stay on one line however the terms wrap.
          alignItems: 'end',
          gap: 1,
          '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
          '& dd': { m: 0, fontWeight: 700, fontSize: '1.25rem' },
        }}
      >
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Box>
      {item.uses.profile && <Typography>It is your profile picture or cover.</Typography>}
    </Section>
  );
}

/**
 * The creator's folders, ticked where the item is in them: a tick files it at once (and goes
 * back if the server refuses); a new folder made here gets the item.
 */
function Folders({ item }: { item: VaultItem }) {
  const folders = useQuery(vaultFoldersQuery());
  // The sheet's own record: the lists may drop the item (a folder filter) while it is open.
  const [filed, setFiled] = useState<string[]>(item.folderIds);
  const fileIn = useFileInFolder(item.id, (error, change) => {
    setFiled((current) => apply(current, { ...change, filed: !change.filed }));
    addSnack(`Could not change the folders: ${errorMessage(error)}`, 'error');
  });
  const pending = useMutationState({
    filters: pendingFolderChanges(item.id),
    select: (mutation) => (mutation.state.variables as FolderChange).folderId,
  });
  const change = (next: FolderChange) => {
    setFiled((current) => apply(current, next));
    fileIn.mutate(next);
  };
  return (
    <Section title="Folders">
      {folders.error && !folders.data ? (
        <RetryAlert error={folders.error} onRetry={() => void folders.refetch()} />
      ) : (folders.data?.folders.length ?? 0) === 0 ? (
        <Typography color="text.secondary">No folders yet. Make one here, with this item in it.</Typography>
      ) : (
        <FormGroup>
          {(folders.data as VaultFolders).folders.map((folder) => (
            <FormControlLabel
              key={folder.id}
              label={folder.name}
              sx={{ overflowWrap: 'anywhere' }}
              control={
                <Checkbox
                  checked={filed.includes(folder.id)}
                  disabled={pending.includes(folder.id)}
                  onChange={(event) => change({ folderId: folder.id, filed: event.target.checked })}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      <NewFolderField onMade={(folder) => change({ folderId: folder.id, filed: true })} />
    </Section>
  );
}

function apply(folderIds: readonly string[], { folderId, filed }: FolderChange): string[] {
  return filed ? [...new Set([...folderIds, folderId])] : folderIds.filter((id) => id !== folderId);
}

/**
 * Asks before deleting. An unused item just goes; a used one is said where it is used and goes
 * from every place (everywhere=true). If it became used since the page was read, the server's
 * refusal says where, and the dialog asks again for everywhere; one kept as evidence says so.
 */
function DeleteItemDialog({ item, onDeleted, onClose }: { item: VaultItem; onDeleted: () => void; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const name = vaultItemName(item);
  const remove = useDeleteVaultItem();
  const [serverUses, setServerUses] = useState<string | null>(null);
  const uses = usesText(item);
  const everywhere = placesUsed(item) > 0 || serverUses !== null;
  const refusedAsEvidence = isApiError(remove.error, 'media_held_as_evidence');
  const failure = remove.error && !isApiError(remove.error, 'media_in_use') ? remove.error : null;
  const submit = () =>
    remove.mutate(
      { mediaId: item.id, everywhere },
      {
        onSuccess: () => {
          addSnack(everywhere ? `“${name}” deleted everywhere.` : `“${name}” deleted.`, 'success');
          onDeleted();
        },
        onError: (error) => {
          if (isApiError(error, 'media_in_use')) setServerUses(error.message);
        },
      },
    );
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {everywhere ? `Delete “${name}” everywhere?` : `Delete “${name}”?`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {serverUses
            ? `${serverUses} Deleting it takes it out of each of those places, and out of your vault, for good.`
            : uses
              ? `It is used in ${uses}. Deleting it takes it out of ${placesUsed(item) === 1 ? 'there' : 'each of them'}: nobody sees it there any more. It leaves your vault for good.`
              : 'Nothing uses it. It leaves your vault and your storage for good.'}
        </DialogContentText>
        {failure && (
          <Alert severity={refusedAsEvidence ? 'warning' : 'error'} sx={{ mt: 2 }}>
            {errorMessage(failure)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          {refusedAsEvidence ? 'Close' : 'Cancel'}
        </Button>
        {!refusedAsEvidence && (
          <Button variant="contained" color="error" loading={remove.isPending} onClick={submit}>
            {everywhere ? 'Delete everywhere' : 'Delete'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
