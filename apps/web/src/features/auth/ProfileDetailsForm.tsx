import { type CurrentUser, setupProfileSchema } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { BlockButton } from '../../components/BlockButton';
import { UserAvatar } from '../../components/UserAvatar';
import { isApiError } from '../../lib/api/client';
import { setCurrentUser } from '../../lib/current-user';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { AvatarColorPicker } from './AvatarColorPicker';
import { checkHandle, setupProfile } from './api';
import { type Availability, describeHandle, validateHandle } from './handle-status';

const HANDLE_CHECK_DELAY_MS = 400;

type FieldErrors = Partial<Record<'handle' | 'publicName', string>>;

/**
 * Handle, public name and avatar colour, with a live preview and the handle checked as it is
 * typed. Registration's last step and the personal details page both use it.
 */
export function ProfileDetailsForm({ user, submitLabel, onSaved }: { user: CurrentUser; submitLabel: string; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [handle, setHandle] = useState(user.handle ?? '');
  const [publicName, setPublicName] = useState(user.publicName ?? '');
  const [avatarColor, setAvatarColor] = useState(user.avatarColor);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const debouncedHandle = useDebouncedValue(handle, HANDLE_CHECK_DELAY_MS);
  const validation = validateHandle(debouncedHandle);
  const ownHandle = validation.handle !== null && validation.handle === user.handle;
  const check = useQuery({
    queryKey: queryKeys.handleAvailability(validation.handle),
    queryFn: () => checkHandle(validation.handle ?? ''),
    enabled: validation.handle !== null && !ownHandle,
    staleTime: 30_000,
  });
  const availability: Availability = ownHandle
    ? { state: 'own' }
    : handle !== debouncedHandle || check.isPending
      ? { state: 'checking' }
      : check.data
        ? { state: 'known', available: check.data.available }
        : { state: 'failed' };
  const handleStatus = describeHandle(validation, availability);

  const save = useMutation({
    mutationFn: setupProfile,
    onSuccess: (updated) => {
      setCurrentUser(queryClient, updated);
      onSaved();
    },
    onError: (error) => {
      if (isApiError(error, 'terms_not_accepted')) navigate(paths.acceptTerms, { replace: true });
      else if (isApiError(error, 'handle_taken')) setFieldErrors({ handle: error.message });
      else if (isApiError(error, 'validation_failed') && error.details?.length) {
        setFieldErrors(Object.fromEntries(error.details.map((detail) => [detail.path, detail.message])));
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = setupProfileSchema.safeParse({ handle, publicName, avatarColor });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'handle' || field === 'publicName') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    save.mutate(parsed.data);
  };

  const handleError = fieldErrors.handle ?? (handleStatus.error ? handleStatus.text : null);
  const generalError = save.error && !isApiError(save.error, 'handle_taken') && !isApiError(save.error, 'validation_failed');
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <UserAvatar profile={{ publicName, handle, avatarColor }} size={64} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{publicName.trim() || 'Your name'}</Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            @{handle.trim().toLowerCase() || 'handle'}
          </Typography>
        </Box>
      </Box>
      <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 20 }}>
        <TextField
          label="Handle"
          name="handle"
          autoComplete="username"
          required
          value={handle}
          onChange={(event) => {
            setHandle(event.target.value);
            setFieldErrors(({ handle: _cleared, ...rest }) => rest);
          }}
          error={handleError !== null}
          helperText={handleError ?? handleStatus.text}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">@</InputAdornment> },
            htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 30 },
          }}
        />
        <TextField
          label="Public name"
          name="publicName"
          autoComplete="nickname"
          required
          value={publicName}
          onChange={(event) => setPublicName(event.target.value)}
          error={Boolean(fieldErrors.publicName)}
          helperText={fieldErrors.publicName ?? 'Shown on your profile and posts.'}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <AvatarColorPicker value={avatarColor} onChange={setAvatarColor} />
        {generalError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <BlockButton type="submit" loading={save.isPending}>
          {submitLabel}
        </BlockButton>
      </form>
    </>
  );
}
