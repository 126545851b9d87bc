import {
  CHAT_MESSAGE_MAX_LENGTH,
  DAY_MS,
  type FanListSummary,
  generateId,
  MASS_MESSAGE_LISTS_MAX,
  MASS_MESSAGE_SCHEDULE_MAX_DAYS,
  type MassMessageInput,
} from '@aurum/core';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GroupsIcon from '@mui/icons-material/Groups';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { FromVaultButton, VaultPicks } from '../../components/FromVaultButton';
import { PageLoading } from '../../components/LoadingOverlay';
import { AttachButton, AttachmentList, useMessageAttachments } from '../../components/message-media/MessageAttachments';
import { MessagePriceField } from '../../components/message-media/MessagePriceField';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { isApiError } from '../../lib/api/client';
import { formatDateTime, fromDateTimeLocalValue, toDateTimeLocalValue } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { fanCount, fanListName } from '../../lib/fan-list-names';
import { fanListsQuery } from '../../lib/fan-lists';
import { apiFormErrors, type FieldErrors } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { contentCurrency, ownPlansQuery } from '../../lib/plans';
import { parseContentPrice } from '../../lib/price';
import { queryKeys } from '../../lib/query-keys';
import { useAddressParams } from '../../lib/useAddressParams';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { audienceQuery, createMassMessage, keepMassMessage, listChoice } from './api';
import { endedDaysOf, scheduleProblem, startingLists } from './compose';

const TITLE = 'New mass message';
/** The audience is counted once the choice of lists has stopped changing this long. */
const AUDIENCE_DEBOUNCE_MS = 300;

/** The fields an error can be shown beside, named as the API names them. */
const FIELDS = ['include', 'exclude', 'text', 'mediaIds', 'price', 'sendAt'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /mass-messages/new: one message to the fans on some of the creator's lists, less those on
 * others, now or at a time. `?include=` names the lists chosen to begin with (a list's page links
 * here with its own).
 */
export default function NewMassMessagePage() {
  const [params] = useAddressParams();
  const [start] = useState(() => startingLists(params.get('include')));
  // The ended list offered is the one the address names, if it names one.
  const lists = useQuery(fanListsQuery(endedDaysOf(start)));
  if (lists.isPending) return <PageLoading label="Loading your fan lists" />;
  if (lists.error && !lists.data) return <LoadFailed title={TITLE} error={lists.error} retry={() => void lists.refetch()} />;
  const known = new Set(lists.data.lists.map((list) => list.ref));
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title={TITLE} back>
        Each fan on the lists you choose gets it in their own chat with you.
      </PageHeader>
      <MassMessageForm lists={lists.data.lists} start={start.filter((ref) => known.has(ref))} />
    </Box>
  );
}

function MassMessageForm({ lists, start }: { lists: readonly FanListSummary[]; start: string[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [chosenInclude, setInclude] = useState<string[]>(start);
  const [chosenExclude, setExclude] = useState<string[]>([]);
  // A list gone since it was chosen (the lists are read again when the server says one is not found) is chosen no more.
  const offered = new Set(lists.map((list) => list.ref));
  const include = chosenInclude.filter((ref) => offered.has(ref));
  const exclude = chosenExclude.filter((ref) => offered.has(ref));
  const [leavingOut, setLeavingOut] = useState(false);
  const [text, setText] = useState('');
  const media = useMessageAttachments();
  const [priceText, setPriceText] = useState('');
  const [later, setLater] = useState(false);
  const [scheduleValue, setScheduleValue] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  /** The last values sent and the id they went with: sending the same again (after a lost answer) makes no second message. */
  const lastAttempt = useRef<{ values: string; id: string } | null>(null);

  const plans = useQuery(ownPlansQuery);
  const currency = contentCurrency(plans.data);
  const hasMedia = media.count > 0;
  const price = parseContentPrice(hasMedia ? priceText : '', currency);
  const sendAt = later ? fromDateTimeLocalValue(scheduleValue) : null;
  const trimmed = text.trim();
  const blocker = media.busy ? 'Wait until the media are ready.' : media.broken ? 'Remove the media that could not be uploaded.' : null;
  const scheduleLimits = useMemo(() => {
    const now = Date.now();
    return {
      min: toDateTimeLocalValue(new Date(now + 60_000)),
      max: toDateTimeLocalValue(new Date(now + MASS_MESSAGE_SCHEDULE_MAX_DAYS * DAY_MS)),
    };
  }, []);

  const clear = (...fields: Field[]) =>
    setFieldErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field as Field))));

  const send = useMutation({
    mutationFn: (input: MassMessageInput) => createMassMessage(input),
    onSuccess: (message, input) => {
      keepMassMessage(queryClient, message);
      addSnack(input.sendAt ? `Scheduled for ${formatDateTime(message.sendAt)}.` : 'Your message is on its way.', 'success');
      navigate(paths.massMessage(message.id), { replace: true });
    },
    onError: (error) => {
      setFieldErrors(apiFormErrors(error, FIELDS).fields);
      // A list may have gone since the page loaded: the choices are read again.
      if (isApiError(error, 'not_found')) void queryClient.invalidateQueries({ queryKey: queryKeys.fanLists.summaries });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors<Field> = {};
    if (include.length === 0) errors.include = 'Choose at least one list to send to.';
    if (trimmed.length > CHAT_MESSAGE_MAX_LENGTH) errors.text = `Messages are at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`;
    else if (!trimmed && !hasMedia) errors.text = 'Write a message or attach media first.';
    if (blocker) errors.mediaIds = blocker;
    if (price.error) errors.price = price.error;
    const scheduleError = later ? scheduleProblem(sendAt) : null;
    if (scheduleError) errors.sendAt = scheduleError;
    setFieldErrors(errors);
    const first = FIELDS.find((field) => errors[field]);
    if (first) {
      document.getElementById(`mass-message-${first}`)?.focus();
      return;
    }
    const values = {
      text: trimmed,
      mediaIds: media.mediaIds,
      price: media.mediaIds.length > 0 ? price.price : null,
      include,
      exclude,
      sendAt: later && sendAt ? sendAt.toISOString() : null,
    };
    const key = JSON.stringify(values);
    const id = lastAttempt.current?.values === key ? lastAttempt.current.id : generateId();
    lastAttempt.current = { values: key, id };
    send.mutate({ id, ...values });
  };

  const toggleInclude = (ref: string, on: boolean) => {
    setInclude((refs) => (on ? [...refs, ref] : refs.filter((kept) => kept !== ref)));
    // A list sent to is not also left out.
    if (on) setExclude((refs) => refs.filter((kept) => kept !== ref));
    clear('include', 'exclude');
  };
  const toggleExclude = (ref: string, on: boolean) => {
    setExclude((refs) => (on ? [...refs, ref] : refs.filter((kept) => kept !== ref)));
    clear('exclude');
  };

  const general = send.error
    ? isApiError(send.error, 'not_found')
      ? 'A list you chose, or a media item, is no longer there to send with. Check your choice and send again.'
      : apiFormErrors(send.error, FIELDS).general
    : null;
  const submitLabel = later ? 'Schedule' : 'Send now';
  const showLeaveOut = leavingOut || exclude.length > 0;
  const leaveOutChoices = lists.filter((list) => !include.includes(list.ref));

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <SectionCard title="Send to" gap={1.5}>
        <Typography color="text.secondary">Everyone on any of these lists, once, however many lists they are on.</Typography>
        <ListChoices
          id="mass-message-include"
          label="Lists to send to"
          lists={lists}
          chosen={include}
          onToggle={toggleInclude}
          error={fieldErrors.include}
        />
        <Box>
          <Button
            variant="text"
            onClick={() => setLeavingOut((open) => !open)}
            aria-expanded={showLeaveOut}
            disabled={exclude.length > 0}
            endIcon={showLeaveOut ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ ml: -1 }}
          >
            Leave some fans out
          </Button>
        </Box>
        {showLeaveOut && (
          <>
            <Typography color="text.secondary">Fans on these lists do not get it, even when they are on a list above.</Typography>
            {leaveOutChoices.length === 0 ? (
              <Typography color="text.secondary">Every list is chosen to send to.</Typography>
            ) : (
              <ListChoices
                id="mass-message-exclude"
                label="Lists to leave out"
                lists={leaveOutChoices}
                chosen={exclude}
                onToggle={toggleExclude}
                error={fieldErrors.exclude}
              />
            )}
          </>
        )}
        <Audience include={include} exclude={exclude} />
      </SectionCard>

      <SectionCard title="Message">
        <TextField
          id="mass-message-text"
          label="Message"
          name="text"
          multiline
          minRows={4}
          maxRows={12}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            clear('text');
          }}
          error={Boolean(fieldErrors.text)}
          helperText={fieldErrors.text ?? `${trimmed.length} / ${CHAT_MESSAGE_MAX_LENGTH}`}
        />
        <Box id="mass-message-mediaIds" tabIndex={-1} sx={{ display: 'grid', gap: 1, outline: 'none' }}>
          <AttachButton
            disabled={media.full}
            onAdd={(files) => {
              media.add(files);
              clear('mediaIds', 'text');
            }}
          >
            Add photos, videos or sounds
          </AttachButton>
          <FromVaultButton
            disabled={media.full}
            {...media.vaultPicker}
            onPick={(items) => {
              media.vaultPicker.onPick(items);
              clear('mediaIds', 'text');
            }}
          />
          <AttachmentList
            attachments={media.attachments}
            onUpdate={media.update}
            onRemove={(key) => {
              media.remove(key);
              clear('mediaIds');
            }}
          />
          <VaultPicks
            items={media.picked}
            onRemove={(item) => {
              media.unpick(item);
              clear('mediaIds');
            }}
          />
          {fieldErrors.mediaIds && <FormHelperText error>{fieldErrors.mediaIds}</FormHelperText>}
        </Box>
        {hasMedia && (
          <Box id="mass-message-price" sx={{ display: 'grid' }}>
            <MessagePriceField
              value={priceText}
              onChange={(value) => {
                setPriceText(value);
                clear('price');
              }}
              currency={currency}
              error={price.error ?? fieldErrors.price ?? null}
              helperText="Set a price and each fan pays to see the media. Leave empty to send them free."
            />
          </Box>
        )}
      </SectionCard>

      <SectionCard title="When">
        <RadioGroup
          aria-label="When it goes out"
          value={later ? 'later' : 'now'}
          onChange={(event) => {
            setLater(event.target.value === 'later');
            clear('sendAt');
          }}
        >
          <FormControlLabel value="now" control={<Radio />} label="Send now" />
          <FormControlLabel value="later" control={<Radio />} label="Schedule for later" />
        </RadioGroup>
        {later && (
          <TextField
            id="mass-message-sendAt"
            label="Send on"
            type="datetime-local"
            name="sendAt"
            value={scheduleValue}
            onChange={(event) => {
              setScheduleValue(event.target.value);
              clear('sendAt');
            }}
            error={Boolean(fieldErrors.sendAt)}
            helperText={
              fieldErrors.sendAt ??
              (sendAt
                ? `Scheduled for ${formatDateTime(sendAt)}.`
                : `Choose when it goes out, in your time zone, at most ${MASS_MESSAGE_SCHEDULE_MAX_DAYS} days ahead.`)
            }
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: scheduleLimits.min, max: scheduleLimits.max, step: 60 } }}
            sx={{ maxWidth: 320 }}
          />
        )}
      </SectionCard>

      {general && <Alert severity="error">{general}</Alert>}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <BlockButton type="submit" loading={send.isPending} aria-describedby={blocker ? 'mass-message-blocker' : undefined}>
          {submitLabel}
        </BlockButton>
        {blocker && (
          <Typography id="mass-message-blocker" variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {blocker}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Checkboxes over lists, each with how many fans it holds; at most as many chosen as a message takes. */
function ListChoices({
  id,
  label,
  lists,
  chosen,
  onToggle,
  error,
}: {
  id: string;
  label: string;
  lists: readonly FanListSummary[];
  chosen: readonly string[];
  onToggle: (ref: string, on: boolean) => void;
  error: string | undefined;
}) {
  const helpId = useId();
  const full = chosen.length >= MASS_MESSAGE_LISTS_MAX;
  const help = error ?? (full ? `At most ${MASS_MESSAGE_LISTS_MAX} lists.` : null);
  return (
    <Box>
      <FormGroup
        id={id}
        tabIndex={-1}
        role="group"
        aria-label={label}
        aria-describedby={help ? helpId : undefined}
        sx={{ outline: 'none', gap: 0.25 }}
      >
        {lists.map((list) => {
          const checked = chosen.includes(list.ref);
          return (
            <FormControlLabel
              key={list.ref}
              sx={{ overflowWrap: 'anywhere', alignItems: 'center', mr: 0 }}
              control={
                <Checkbox checked={checked} disabled={!checked && full} onChange={(event) => onToggle(list.ref, event.target.checked)} />
              }
              label={
                <>
                  {fanListName(list)}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {' · '}
                    {fanCount(list.count)}
                  </Box>
                </>
              }
            />
          );
        })}
      </FormGroup>
      {help && (
        <FormHelperText id={helpId} error={Boolean(error)}>
          {help}
        </FormHelperText>
      )}
    </Box>
  );
}

/** "Reaches 1,250 fans": how many the chosen lists reach now, counted again once the choice settles. */
function Audience({ include, exclude }: { include: readonly string[]; exclude: readonly string[] }) {
  const current = `${listChoice(include)}|${listChoice(exclude)}`;
  const settled = useDebouncedValue(current, AUDIENCE_DEBOUNCE_MS);
  const [included = '', excluded = ''] = settled.split('|');
  const audience = useQuery({ ...audienceQuery(included, excluded), enabled: included !== '', placeholderData: keepPreviousData });
  const counting = settled !== current || audience.isFetching;
  let words: string;
  if (include.length === 0) words = 'Choose at least one list to send to.';
  else if (audience.data) words = `Reaches ${fanCount(audience.data.recipients)}`;
  else if (audience.isError) words = `Could not count the fans: ${errorMessage(audience.error)}`;
  else words = 'Counting the fans…';
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        flexWrap: 'wrap',
        mt: 0.5,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <GroupsIcon aria-hidden color="primary" />
      <Typography
        role="status"
        aria-busy={(include.length > 0 && counting) || undefined}
        sx={{ fontWeight: 700, flex: 1, minWidth: 0, opacity: include.length > 0 && counting && audience.data ? 0.6 : 1 }}
      >
        {words}
      </Typography>
      {include.length > 0 && audience.isError && !audience.isFetching && (
        <Button size="small" onClick={() => void audience.refetch()}>
          Try again
        </Button>
      )}
    </Box>
  );
}
