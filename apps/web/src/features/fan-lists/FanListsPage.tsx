import { ENDED_DAYS_DEFAULT, FAN_LIST_NAME_MAX, FAN_LISTS_MAX, type FanListSummary } from '@aurum/core';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { NameDialog } from '../../components/naming/NameDialog';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { SearchField } from '../../components/SearchField';
import { addSnack } from '../../components/snack-queue';
import { fanCount, fanListName } from '../../lib/fan-list-names';
import { fanListsQuery, listNameRefusal, ownFanLists, useCreateFanList } from '../../lib/fan-lists';
import { paths } from '../../lib/paths';
import { useAddressParams } from '../../lib/useAddressParams';
import { ENDED_DAYS_CHOICES } from './names';

const TITLE = 'Fan lists';

/** The ended list's window from the address: one of the offered choices, else the default. */
function chosenDays(value: string | null): number {
  const days = Number(value);
  return (ENDED_DAYS_CHOICES as readonly number[]).includes(days) ? days : ENDED_DAYS_DEFAULT;
}

/**
 * /lists: the creator's fan lists with how many fans each holds, the built-in ones (which keep
 * themselves) first, then their own; searched by name, the search and the ended list's window
 * in the address.
 */
export default function FanListsPage() {
  const [params, set] = useAddressParams();
  const days = chosenDays(params.get('days'));
  const lists = useQuery({ ...fanListsQuery(days), placeholderData: keepPreviousData });
  const [text, setText] = useState(params.get('q') ?? '');
  const [creating, setCreating] = useState(false);
  if (lists.isPending) return <PageLoading label="Loading your fan lists" />;
  if (lists.error && !lists.data) return <LoadFailed title={TITLE} error={lists.error} retry={() => void lists.refetch()} />;

  const q = text.trim().toLowerCase();
  const shown = (list: FanListSummary) => !q || fanListName(list).toLowerCase().includes(q);
  const own = ownFanLists(lists.data);
  const builtIn = lists.data.lists.filter((list) => list.kind !== 'custom').filter(shown);
  const ownShown = own.filter(shown);
  const noMatch = `No list’s name has “${text.trim()}” in it.`;

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title={TITLE}>Group your fans to find them again, see who they are, and write to them.</PageHeader>
      <Box component="search" sx={{ mb: 3 }}>
        <SearchField
          label="Search lists"
          placeholder="A list’s name"
          maxLength={FAN_LIST_NAME_MAX}
          value={text}
          onChange={(next) => {
            setText(next);
            set({ q: next.trim() || null });
          }}
          fullWidth
        />
      </Box>

      <Section title="Built-in lists" intro="These keep themselves up to date.">
        {builtIn.length === 0 ? (
          <Typography color="text.secondary">{noMatch}</Typography>
        ) : (
          <ListOfLists label="Built-in lists" busy={lists.isPlaceholderData}>
            {builtIn.map((list) => (
              <ListRow
                key={list.ref}
                list={list}
                extra={
                  list.kind === 'ended' && (
                    <TextField
                      select
                      size="small"
                      label="Ended within"
                      value={String(days)}
                      onChange={(event) => set({ days: Number(event.target.value) === ENDED_DAYS_DEFAULT ? null : event.target.value })}
                      // The width of a phone's card; on a wider screen, the width of what it holds.
                      fullWidth={false}
                      sx={{ width: { xs: 1, sm: 200 } }}
                    >
                      {ENDED_DAYS_CHOICES.map((choice) => (
                        <MenuItem key={choice} value={String(choice)}>
                          {choice} days
                        </MenuItem>
                      ))}
                    </TextField>
                  )
                }
              />
            ))}
          </ListOfLists>
        )}
      </Section>

      <Section
        title="Your lists"
        intro="Lists you make and fill yourself: add a fan with Lists and note on their row in People, their profile or your chat."
        action={
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            disabled={own.length >= FAN_LISTS_MAX}
            sx={{ justifySelf: 'start' }}
          >
            New list
          </Button>
        }
      >
        {own.length >= FAN_LISTS_MAX && (
          <Typography variant="body2">You have {FAN_LISTS_MAX} lists, as many as you can keep. Delete one to make another.</Typography>
        )}
        {own.length === 0 ? (
          <Paper variant="outlined" role="status" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
            <Typography variant="h3">No lists of your own yet</Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Make one for the fans you want to keep together: your regulars, those to thank, those to send an offer.
            </Typography>
          </Paper>
        ) : ownShown.length === 0 ? (
          <Typography color="text.secondary">{noMatch}</Typography>
        ) : (
          <ListOfLists label="Your lists">
            {ownShown.map((list) => (
              <ListRow key={list.ref} list={list} />
            ))}
          </ListOfLists>
        )}
      </Section>

      {creating && <NewListDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}

function Section({ title, intro, action, children }: { title: string; intro: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5, mb: 4 }}>
      <Typography id={headingId} variant="h2">
        {title}
      </Typography>
      <Typography color="text.secondary">{intro}</Typography>
      {action}
      {children}
    </Box>
  );
}

function ListOfLists({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, opacity: busy ? 0.6 : 1 }}
    >
      {children}
    </Box>
  );
}

/** One list: its name and count, to its page; `extra` (the ended list's window) under it, outside the link. */
function ListRow({ list, extra }: { list: FanListSummary; extra?: ReactNode }) {
  const name = fanListName(list);
  const count = fanCount(list.count);
  return (
    <Paper component="li" variant="outlined" sx={{ overflow: 'hidden' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.fanList(list.ref)}
        aria-label={`${name}, ${count}`}
        sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {count}
          </Typography>
        </Box>
        <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
      </CardActionArea>
      {extra && <Box sx={{ px: 2, pb: 2 }}>{extra}</Box>}
    </Paper>
  );
}

function NewListDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateFanList();
  return (
    <NameDialog
      maxLength={FAN_LIST_NAME_MAX}
      hint="Only you see it."
      refusalOf={listNameRefusal}
      title="New list"
      submitLabel="Make list"
      pending={create.isPending}
      error={create.error}
      onEdit={() => create.error && create.reset()}
      onSubmit={(name) =>
        create.mutate(
          { name },
          {
            onSuccess: (list) => {
              addSnack(`List “${list.name ?? name}” made.`, 'success');
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
