import { displayName, FAN_LIST_NAME_MAX, type FanListMember, type FanListSummary, type FanLists, PEOPLE_SEARCH_MAX } from '@aurum/core';
import CampaignIcon from '@mui/icons-material/Campaign';
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
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FanListsButton } from '../../components/fan-lists/FanListsButton';
import { PageLoading } from '../../components/LoadingOverlay';
import { NameDialog } from '../../components/naming/NameDialog';
import { PagedResults } from '../../components/PagedResults';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { SearchField } from '../../components/SearchField';
import { addSnack } from '../../components/snack-queue';
import { UserAvatar } from '../../components/UserAvatar';
import { isApiError } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';
import { fanCount, fanListName } from '../../lib/fan-list-names';
import { listNameRefusal, useFanListMembership } from '../../lib/fan-lists';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { useSearchText } from '../../lib/search';
import { useAddressParams } from '../../lib/useAddressParams';
import { deleteFanList, fanListMembersQuery, renameFanList } from './api';
import { fanListPurpose, firstLine, sinceText, spentText } from './names';

/**
 * /lists/:ref: one list's fans, searched (in the address), and a mass message to them; the
 * creator's own lists are renamed, deleted and pruned here.
 */
export default function FanListPage() {
  const { ref = '' } = useParams();
  // Another list is another page: nothing of the last one stays on screen while it loads.
  return <ListPage key={ref} listRef={ref} />;
}

function ListPage({ listRef }: { listRef: string }) {
  const [params, set] = useAddressParams();
  const { text, setText, q } = useSearchText(params.get('q') ?? '');
  const members = useInfiniteQuery(fanListMembersQuery(listRef, q));
  const list = members.data?.pages[0]?.list;
  if (members.isPending) return <PageLoading label="Loading the list" />;
  if (!list) {
    if (isApiError(members.error, 'not_found') || isApiError(members.error, 'validation_failed')) {
      return (
        <>
          <PageHeader title="List not found" back>
            This list does not exist, or it was deleted.
          </PageHeader>
          <Button variant="contained" component={RouterLink} to={paths.fanLists}>
            Your fan lists
          </Button>
        </>
      );
    }
    return <LoadFailed title="Fan list" error={members.error} retry={() => void members.refetch()} />;
  }
  const name = fanListName(list);
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title={name} back>
        {fanCount(list.count)} · {fanListPurpose(list)}
      </PageHeader>
      <ListActions list={list} />
      <Box component="search" sx={{ mb: 2 }}>
        <SearchField
          label="Search this list"
          placeholder="Handle or name"
          maxLength={PEOPLE_SEARCH_MAX}
          value={text}
          onChange={(next) => {
            setText(next);
            set({ q: next.trim() || null });
          }}
          fullWidth
        />
      </Box>
      <PagedResults
        query={members}
        label={`Fans on ${name}`}
        loadingLabel="Loading the fans"
        empty={
          q
            ? { title: 'Nobody found', text: `Nobody on this list matches “${q}”.` }
            : { title: 'Nobody here yet', text: fanListPurpose(list) }
        }
        moreLabel="Load more fans"
        moreLoadingLabel="Loading more fans…"
        renderItem={(member) => <MemberRow key={member.userId} member={member} list={list} />}
      />
    </Box>
  );
}

/** One fan on the list: who they are (to their profile), what put them here and when, the note's first line, and their lists and note. */
function MemberRow({ member, list }: { member: FanListMember; list: FanListSummary }) {
  const name = displayName(member);
  const spent = list.kind === 'top_spenders' ? spentText(member) : null;
  const note = firstLine(member.note);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <UserAvatar profile={member} size={44} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.25 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={paths.user(member.userId)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {name}
          </Link>
          {member.handle && member.publicName && (
            <Typography variant="body2" color="text.secondary">
              @{member.handle}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {sinceText(list.kind, member.since)}
          {spent && (
            <>
              {' · '}
              <Box component="span" sx={{ color: 'primary.main', fontWeight: 700 }}>
                {spent}
              </Box>
            </>
          )}
        </Typography>
        {note && (
          <Typography
            variant="body2"
            title={note}
            // Two lines at most: on a phone one line holds a few words only.
            sx={{
              fontStyle: 'italic',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            Note: {note}
          </Typography>
        )}
        {list.kind === 'custom' && list.listId && <RemoveButton listId={list.listId} userId={member.userId} name={name} />}
      </Box>
      <FanListsButton fan={{ userId: member.userId, name }} compact />
    </Paper>
  );
}

function RemoveButton({ listId, userId, name }: { listId: string; userId: string; name: string }) {
  const membership = useFanListMembership(userId, (error) => addSnack(`Could not remove ${name}: ${errorMessage(error)}`, 'error'));
  return (
    <Button
      size="small"
      color="inherit"
      loading={membership.isPending}
      aria-label={`Remove from list: ${name}`}
      onClick={() =>
        membership.mutate({ listId, member: false }, { onSuccess: () => addSnack(`${name} is no longer on this list.`, 'success') })
      }
      // Its words in line with the name and the note above (a button's padding is wider).
      sx={{ justifySelf: 'start', px: 1, ml: -1, mt: 0.5 }}
    >
      Remove from list
    </Button>
  );
}

type OwnList = FanListSummary & { listId: string };

/** Message this list (a mass message to its fans), and Rename and Delete for one of the creator's own lists. */
function ListActions({ list }: { list: FanListSummary }) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const own = list.kind === 'custom' && list.listId ? { ...list, listId: list.listId } : null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2, mt: -1 }}>
      <Button variant="outlined" size="small" startIcon={<CampaignIcon />} component={RouterLink} to={paths.newMassMessageTo(list.ref)}>
        Message this list
      </Button>
      {own && (
        <>
          <Button variant="outlined" size="small" startIcon={<EditIcon />} onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button variant="outlined" size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
            Delete
          </Button>
          {renaming && <RenameDialog list={own} onClose={() => setRenaming(false)} />}
          {deleting && <DeleteDialog list={own} onClose={() => setDeleting(false)} />}
        </>
      )}
    </Box>
  );
}

function RenameDialog({ list, onClose }: { list: OwnList; onClose: () => void }) {
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: ({ name }: { name: string }) => renameFanList(list.listId, { name }),
    onSuccess: (renamed) => {
      queryClient.setQueriesData<FanLists>({ queryKey: queryKeys.fanLists.summaries }, (lists) =>
        lists ? { lists: lists.lists.map((kept) => (kept.ref === renamed.ref ? renamed : kept)) } : lists,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.fanLists.summaries });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fanLists.membersOf(list.ref) });
      addSnack('List renamed.', 'success');
      onClose();
    },
  });
  return (
    <NameDialog
      maxLength={FAN_LIST_NAME_MAX}
      hint="Only you see it."
      refusalOf={listNameRefusal}
      title="Rename the list"
      submitLabel="Rename"
      initialName={(list.name ?? '').slice(0, FAN_LIST_NAME_MAX)}
      pending={rename.isPending}
      error={rename.error}
      onEdit={() => rename.error && rename.reset()}
      onSubmit={(name) => rename.mutate({ name })}
      onClose={onClose}
    />
  );
}

function DeleteDialog({ list, onClose }: { list: OwnList; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const name = fanListName(list);
  const remove = useMutation({
    mutationFn: () => deleteFanList(list.listId),
    onSuccess: () => {
      queryClient.setQueriesData<FanLists>({ queryKey: queryKeys.fanLists.summaries }, (lists) =>
        lists ? { lists: lists.lists.filter((kept) => kept.ref !== list.ref) } : lists,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.fanLists.summaries });
      // The fans it held are on it no more.
      void queryClient.invalidateQueries({ queryKey: queryKeys.fanLists.fans });
      addSnack(`List “${name}” deleted.`, 'success');
      navigate(paths.fanLists, { replace: true });
    },
  });
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby="delete-list-title" aria-describedby="delete-list-text">
      <DialogTitle id="delete-list-title">Delete “{name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-list-text">
          The list goes, with who was on it ({fanCount(list.count)}). The fans themselves, and your notes about them, stay.
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
        <Button variant="contained" color="error" loading={remove.isPending} onClick={() => remove.mutate()}>
          Delete list
        </Button>
      </DialogActions>
    </Dialog>
  );
}
