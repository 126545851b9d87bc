import { type ContentPrice, type ErrorType, POST_TEXT_MAX, type Post, postSaleProblem, type VaultItem } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { BlockButton } from '../../components/BlockButton';
import { isApiError } from '../../lib/api/client';
import { formatDateTime, fromDateTimeLocalValue, toDateTimeLocalValue } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { contentCurrency, ownPlansQuery } from '../../lib/plans';
import { formatPriceInput, parseContentPrice } from '../../lib/price';
import { AccessChooser } from './AccessChooser';
import { accessError } from './access';
import { changePostMedia, createPost, deleteMedia, refreshPosts, updatePost } from './api';
import { ComposerMedia, type ItemUpdate } from './ComposerMedia';
import {
  type ComposerItem,
  itemFromFile,
  itemFromVault,
  itemsFromPost,
  listEditable,
  mediaBlocker,
  mediaChange,
  mediaSteps,
  moveItem,
  roomLeft,
} from './composer-media';
import { SaleChooser } from './SaleChooser';
import { scheduledText, scheduleError } from './schedule';

type Field = 'text' | 'media' | 'access' | 'price' | 'publishAt';
type FieldErrors = Partial<Record<Field, string>>;
/** What the composer saves, as it stood when the person pressed the button. */
interface ComposerValues {
  text: string;
  items: ComposerItem[];
  access: string[];
  price: ContentPrice | null;
  publishAt: string | null;
}

/** Which field an API error is about, so it can be shown beside it. */
function fieldOfError(error: unknown): Field | null {
  if (!isApiError(error)) return null;
  const isOneOf = (...types: ErrorType[]) => types.some((type) => type === error.type);
  if (isOneOf('invalid_access')) return 'access';
  if (isOneOf('post_price_changed')) return 'price';
  if (isOneOf('invalid_media', 'media_failed', 'media_in_use')) return 'media';
  if (isOneOf('publish_at_in_past', 'publish_at_too_far', 'post_already_published')) return 'publishAt';
  return null;
}

function detailErrors(error: unknown): FieldErrors {
  if (!isApiError(error, 'validation_failed') || !error.details) return {};
  const fields: FieldErrors = {};
  for (const detail of error.details) {
    const root = detail.path.split('.')[0];
    const field: Field | null =
      root === 'text' || root === 'access' || root === 'price' || root === 'publishAt' ? root : root === 'mediaIds' ? 'media' : null;
    if (field && !fields[field]) fields[field] = detail.message;
  }
  return fields;
}

export interface PostComposerProps {
  /** The post being edited; a new post when absent. */
  post?: Post;
  onSaved: (post: Post, how: 'published' | 'scheduled' | 'saved') => void;
}

/**
 * Writing a post: text, media (uploaded as they are added), who can see it, whether it is also
 * sold on its own, and optionally when it goes out. Used for new posts and, prefilled, for editing.
 */
export function PostComposer({ post, onSaved }: PostComposerProps) {
  const queryClient = useQueryClient();
  const editing = post !== undefined;
  const published = editing && post.status === 'published';
  const [text, setText] = useState(post?.text ?? '');
  const [access, setAccess] = useState<string[]>(post?.access ?? []);
  const [items, setItems] = useState<ComposerItem[]>(() => itemsFromPost(post?.media ?? []));
  const [saleOn, setSaleOn] = useState(Boolean(post?.price));
  const [priceText, setPriceText] = useState(post?.price ? formatPriceInput(post.price.amountMinor, post.price.currency) : '');
  const initialKeys = useRef(items.map((item) => item.key)).current;
  const initialIds = useRef(items.map((item) => item.mediaId)).current;
  const [scheduleOn, setScheduleOn] = useState(post?.status === 'scheduled');
  const [scheduleValue, setScheduleValue] = useState(() =>
    post?.status === 'scheduled' ? toDateTimeLocalValue(new Date(post.publishAt)) : '',
  );
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** Uploads made in this visit, so removing one also drops it on the server. */
  const uploadedHere = useRef(new Set<string>());

  const plans = useQuery(ownPlansQuery);
  const scheduledAt = scheduleOn ? fromDateTimeLocalValue(scheduleValue) : null;
  // A post already sold keeps its currency; a new one is priced in the creator's plans'.
  const currency = post?.price?.currency ?? contentCurrency(plans.data);
  const sale = parseContentPrice(saleOn ? priceText : '', currency);
  const editable = listEditable(items);
  const blocker = mediaBlocker(items);

  const updateItem = useCallback((key: string, update: ItemUpdate) => {
    if (update.mediaId) uploadedHere.current.add(update.mediaId);
    setItems((current) =>
      current.map((item) =>
        item.key === key
          ? { ...item, mediaId: update.mediaId, phase: update.phase, error: update.error, kind: update.kind ?? item.kind }
          : item,
      ),
    );
  }, []);

  const dropOnServer = (item: ComposerItem) => {
    if (item.mediaId && uploadedHere.current.has(item.mediaId)) {
      deleteMedia(item.mediaId).catch((error: unknown) => console.warn('Could not delete a removed upload.', error));
    }
  };

  const addFiles = (files: File[]) => {
    const room = roomLeft(items);
    const taken = files.slice(0, room);
    setItems((current) => [...current, ...taken.map(itemFromFile)]);
    setFieldErrors(({ media: _cleared, ...rest }) =>
      files.length > room ? { ...rest, media: `Only ${room} more ${room === 1 ? 'item fits' : 'items fit'} in a post.` } : rest,
    );
  };

  const addFromVault = (picked: VaultItem[]) => {
    setItems((current) => {
      const fresh = picked.filter((item) => !current.some((kept) => kept.mediaId === item.id));
      return [...current, ...fresh.slice(0, roomLeft(current)).map(itemFromVault)];
    });
    setFieldErrors(({ media: _cleared, ...rest }) => rest);
  };

  const removeItem = (key: string) => {
    const item = items.find((entry) => entry.key === key);
    if (item) dropOnServer(item);
    setItems((current) => current.filter((entry) => entry.key !== key));
    setFieldErrors(({ media: _cleared, ...rest }) => rest);
  };

  const save = useMutation({
    // The form's values go in at submit, as the mutation's variables: what is sent is what the
    // person saw when they pressed Save, never a closure's older state.
    mutationFn: async ({ text, items, access, price, publishAt }: ComposerValues): Promise<Post> => {
      if (!editing) {
        return createPost({
          text,
          mediaIds: items.flatMap((item) => (item.mediaId ? [item.mediaId] : [])),
          access,
          price,
          publishAt,
        });
      }
      const fields = {
        text,
        access,
        price,
        // A published post keeps its time; a scheduled one moves, or goes out now when the switch is off.
        ...(published ? {} : { publishAt }),
      };
      const change = mediaChange(initialKeys, initialIds, items);
      // Items whose ids the API did not name can only be replaced as a whole list.
      if (change && !change.from) return updatePost(post.id, { ...fields, mediaIds: change.to });
      // Otherwise each added, moved or removed item is one call; the text goes first when it
      // keeps the post from being empty along the way, else last.
      const textFirst = fields.text.length > 0;
      let saved = textFirst ? await updatePost(post.id, fields) : null;
      for (const step of change?.from ? mediaSteps(change.from, change.to, textFirst || Boolean(post.text)) : []) {
        saved = await changePostMedia(post.id, step);
      }
      return textFirst && saved ? saved : updatePost(post.id, fields);
    },
    onSuccess: (saved) => {
      refreshPosts(queryClient, saved);
      onSaved(saved, editing ? 'saved' : saved.status === 'scheduled' ? 'scheduled' : 'published');
    },
    onError: (error) => {
      const field = fieldOfError(error);
      setFieldErrors(field ? { [field]: errorMessage(error) } : detailErrors(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (text.trim().length > POST_TEXT_MAX) errors.text = `A post has at most ${POST_TEXT_MAX} characters`;
    const accessProblem = accessError(access);
    if (accessProblem) errors.access = accessProblem;
    const priceProblem =
      saleOn && !priceText.trim()
        ? 'Enter a price, or turn selling off'
        : (sale.error ?? (accessProblem ? null : postSaleProblem(access, sale.price)));
    if (priceProblem) errors.price = priceProblem;
    if (!text.trim() && items.length === 0) errors.text = 'Write something or add a picture, video or audio.';
    if (scheduleOn && !published) {
      const problem = scheduleError(scheduledAt);
      if (problem) errors.publishAt = problem;
    }
    if (blocker) errors.media = blocker;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      const first = (['text', 'media', 'access', 'price', 'publishAt'] as const).find((field) => errors[field]);
      document.getElementById(`composer-${first}`)?.focus();
      return;
    }
    save.mutate({
      text: text.trim(),
      items,
      access,
      price: sale.price,
      publishAt: scheduleOn && scheduledAt ? scheduledAt.toISOString() : null,
    });
  };

  const generalError = save.error && !fieldOfError(save.error) && Object.keys(detailErrors(save.error)).length === 0;
  const submitLabel = editing ? 'Save changes' : scheduleOn ? 'Schedule post' : 'Publish';
  const minSchedule = useMemo(() => toDateTimeLocalValue(new Date(Date.now() + 60_000)), []);

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
        <TextField
          id="composer-text"
          label="Post text"
          name="text"
          multiline
          minRows={4}
          maxRows={16}
          value={text}
          placeholder="Share something with your fans…"
          onChange={(event) => {
            setText(event.target.value);
            setFieldErrors(({ text: _cleared, ...rest }) => rest);
          }}
          error={Boolean(fieldErrors.text)}
          helperText={fieldErrors.text ?? `${text.length} / ${POST_TEXT_MAX}`}
          slotProps={{ htmlInput: { maxLength: POST_TEXT_MAX } }}
        />
        <Box id="composer-media" tabIndex={-1} sx={{ outline: 'none' }}>
          <ComposerMedia
            items={items}
            editable={editable}
            roomLeft={roomLeft(items)}
            onAdd={addFiles}
            onAddFromVault={addFromVault}
            onRemove={removeItem}
            onMove={(key, delta) => setItems((current) => moveItem(current, key, delta))}
            onUpdate={updateItem}
            onReplaceAll={() => setItems((current) => current.filter((item) => !item.existing))}
            error={fieldErrors.media}
          />
        </Box>
      </Paper>

      <Paper variant="outlined" id="composer-access" tabIndex={-1} sx={{ p: { xs: 2, sm: 3 }, outline: 'none' }}>
        <AccessChooser
          value={access}
          onChange={(next) => {
            setAccess(next);
            setFieldErrors(({ access: _cleared, ...rest }) => rest);
          }}
          plans={plans.data}
          plansError={plans.error ? errorMessage(plans.error) : null}
          error={fieldErrors.access}
        />
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <SaleChooser
          on={saleOn}
          onToggle={(on) => {
            setSaleOn(on);
            setFieldErrors(({ price: _cleared, ...rest }) => rest);
          }}
          priceText={priceText}
          onPriceText={(next) => {
            setPriceText(next);
            setFieldErrors(({ price: _cleared, ...rest }) => rest);
          }}
          currency={currency}
          error={fieldErrors.price}
        />
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          When
        </Typography>
        {published ? (
          <Typography color="text.secondary">Published {formatDateTime(post.publishAt)}.</Typography>
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={scheduleOn}
                  onChange={(event) => {
                    setScheduleOn(event.target.checked);
                    setFieldErrors(({ publishAt: _cleared, ...rest }) => rest);
                  }}
                />
              }
              label="Schedule for later"
            />
            {scheduleOn && (
              <TextField
                id="composer-publishAt"
                label="Publish on"
                type="datetime-local"
                name="publishAt"
                value={scheduleValue}
                onChange={(event) => {
                  setScheduleValue(event.target.value);
                  setFieldErrors(({ publishAt: _cleared, ...rest }) => rest);
                }}
                error={Boolean(fieldErrors.publishAt)}
                helperText={
                  fieldErrors.publishAt ??
                  (scheduledAt ? scheduledText(scheduledAt) : 'Choose the date and time it goes out, in your time zone.')
                }
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minSchedule, step: 60 } }}
              />
            )}
            {!scheduleOn && (
              <Typography variant="body2" color="text.secondary">
                {editing ? 'Turning scheduling off publishes the post when you save.' : 'The post goes out as soon as you publish it.'}
              </Typography>
            )}
          </>
        )}
      </Paper>

      {generalError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <BlockButton type="submit" loading={save.isPending} aria-describedby={blocker ? 'composer-blocker' : undefined}>
          {submitLabel}
        </BlockButton>
        {blocker && (
          <Typography id="composer-blocker" variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {blocker}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
