import { FAN_LIST_NAME_MAX, FAN_NOTE_MAX, type FanDetails, type FanLists } from '@aurum/core';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutationState, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import {
  fanDetailsQuery,
  fanListsQuery,
  listNameRefusal,
  type MembershipChange,
  ownFanLists,
  pendingMembershipFilter,
  useCreateFanList,
  useFanListMembership,
  useSaveFanNote,
} from '../../lib/fan-lists';
import { PageLoading } from '../LoadingOverlay';
import { AddNameField } from '../naming/AddNameField';
import { RetryAlert } from '../RetryAlert';
import { addSnack } from '../snack-queue';

/** The fan the dialog is about, and their name as the page shows it. */
export interface FanTarget {
  userId: string;
  name: string;
}

/**
 * What a creator keeps about one fan: which of their own lists hold the fan (a tick adds or
 * removes at once), a new list made with the fan on it, and a private note. Full screen on a phone.
 */
export function FanListsDialog({ fan, onClose }: { fan: FanTarget; onClose: () => void }) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const details = useQuery(fanDetailsQuery(fan.userId));
  const lists = useQuery(fanListsQuery());
  const failed = details.error ?? lists.error;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        Lists and note for {fan.name}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        {details.data && lists.data ? (
          <>
            <ListsPart fan={fan} details={details.data} lists={lists.data} />
            <NotePart fan={fan} details={details.data} />
          </>
        ) : failed ? (
          <RetryAlert
            error={failed}
            onRetry={() => {
              void details.refetch();
              void lists.refetch();
            }}
          />
        ) : (
          <PageLoading label="Loading" />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The creator's own lists, ticked where the fan is on them, and a field that makes a new one with the fan on it. */
function ListsPart({ fan, details, lists }: { fan: FanTarget; details: FanDetails; lists: FanLists }) {
  const headingId = useId();
  const own = ownFanLists(lists);
  const membership = useFanListMembership(fan.userId, (error) =>
    addSnack(`Could not change ${fan.name}’s lists: ${errorMessage(error)}`, 'error'),
  );
  // A list whose change is on its way takes no second one until the first is answered.
  const pending = useMutationState({
    filters: pendingMembershipFilter(fan.userId),
    select: (mutation) => (mutation.state.variables as MembershipChange).listId,
  });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h3">
        Your lists
      </Typography>
      {own.length === 0 ? (
        <Typography color="text.secondary">You have no lists of your own yet. Make one here, with {fan.name} on it.</Typography>
      ) : (
        <FormGroup>
          {own.map((list) => (
            <FormControlLabel
              key={list.listId}
              label={list.name ?? 'Untitled list'}
              sx={{ overflowWrap: 'anywhere' }}
              control={
                <Checkbox
                  checked={details.listIds.includes(list.listId)}
                  disabled={pending.includes(list.listId)}
                  onChange={(event) => membership.mutate({ listId: list.listId, member: event.target.checked })}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      <NewListField fan={fan} onMade={(listId) => membership.mutate({ listId, member: true })} />
    </Box>
  );
}

/** "New list": made on Add (the server's refusal shows in the field), and the fan put on it. */
function NewListField({ fan, onMade }: { fan: FanTarget; onMade: (listId: string) => void }) {
  const create = useCreateFanList();
  return (
    <AddNameField
      label="New list"
      maxLength={FAN_LIST_NAME_MAX}
      hint={`Made with ${fan.name} on it.`}
      pending={create.isPending}
      error={create.error}
      refusalOf={listNameRefusal}
      onEdit={() => create.error && create.reset()}
      onAdd={(name, clear) =>
        create.mutate(
          { name },
          {
            onSuccess: (list) => {
              clear();
              if (list.listId) onMade(list.listId);
            },
          },
        )
      }
    />
  );
}

/** The private note: up to FAN_NOTE_MAX characters, saved on Save; emptied, it is removed. */
function NotePart({ fan, details }: { fan: FanTarget; details: FanDetails }) {
  const headingId = useId();
  const [text, setText] = useState(details.note ?? '');
  const save = useSaveFanNote(fan.userId);
  const changed = text.trim() !== (details.note ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { text: text.trim() };
    save.mutate(input, { onSuccess: () => addSnack(input.text ? 'Note saved.' : 'Note removed.', 'success') });
  };
  return (
    <Box component="form" aria-labelledby={headingId} onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h3">
        Note
      </Typography>
      <TextField
        label={`Your note about ${fan.name}`}
        value={text}
        onChange={(event) => setText(event.target.value.slice(0, FAN_NOTE_MAX))}
        multiline
        minRows={3}
        fullWidth
        helperText={`Only you see it. ${text.length}/${FAN_NOTE_MAX}${changed ? ' · Not saved yet' : ''}`}
        slotProps={{ htmlInput: { maxLength: FAN_NOTE_MAX } }}
      />
      {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <Button type="submit" variant="contained" loading={save.isPending} disabled={!changed} sx={{ justifySelf: 'start' }}>
        Save note
      </Button>
    </Box>
  );
}
