import { CREATOR_BIO_MAX_LENGTH, type CurrentUser, imagesBioSchema, type OnboardingState } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { BlockButton } from '../../components/BlockButton';
import { useSignedInUser } from '../../lib/current-user';
import { apiFormErrors, type FieldErrors, issuesToFieldErrors } from '../../lib/form-errors';
import { saveImagesBio } from './api';
import { ProfileImageField } from './ProfileImageField';
import { SignupFrame } from './SignupFrame';
import { useStepSaved } from './useStepSaved';

const FIELDS = ['bio', 'avatarMediaId', 'coverMediaId'] as const;
type Field = (typeof FIELDS)[number];

/** /creator/signup/add-images-and-bio: avatar, cover image and bio. */
export default function ImagesBioPage() {
  const user = useSignedInUser();
  return (
    <SignupFrame step="images_bio" title="Images and bio" intro="How members see you on your profile.">
      {(state) => user && <ImagesBioForm state={state} user={user} />}
    </SignupFrame>
  );
}

function ImagesBioForm({ state, user }: { state: OnboardingState; user: CurrentUser }) {
  const stepSaved = useStepSaved();
  const saved = state.imagesBio;
  const [bio, setBio] = useState(saved.bio ?? '');
  const [avatarId, setAvatarId] = useState(saved.avatarMediaId);
  const [coverId, setCoverId] = useState(saved.coverMediaId);
  const [busy, setBusy] = useState({ avatar: false, cover: false });
  const [clientErrors, setClientErrors] = useState<FieldErrors<Field>>({});
  const save = useMutation({
    mutationFn: saveImagesBio,
    onSuccess: (next) => stepSaved(next, 'images_bio', { wasCreator: state.isCreator }),
  });
  const serverErrors = apiFormErrors(save.error, FIELDS);
  const errors = { ...serverErrors.fields, ...clientErrors };
  const uploading = busy.avatar || busy.cover;
  const setAvatarBusy = useCallback((value: boolean) => setBusy((current) => ({ ...current, avatar: value })), []);
  const setCoverBusy = useCallback((value: boolean) => setBusy((current) => ({ ...current, cover: value })), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const parsed = imagesBioSchema.safeParse({ bio, avatarMediaId: avatarId, coverMediaId: coverId });
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    setClientErrors({});
    save.mutate(parsed.data);
  };

  const bioLength = bio.length;
  return (
    <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 28 }}>
      <ProfileImageField
        kind="avatar"
        user={user}
        savedId={saved.avatarMediaId}
        value={avatarId}
        onChange={setAvatarId}
        onBusyChange={setAvatarBusy}
      />
      {errors.avatarMediaId && <Alert severity="error">{errors.avatarMediaId}</Alert>}
      <ProfileImageField
        kind="cover"
        user={user}
        savedId={saved.coverMediaId}
        value={coverId}
        onChange={setCoverId}
        onBusyChange={setCoverBusy}
      />
      {errors.coverMediaId && <Alert severity="error">{errors.coverMediaId}</Alert>}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
          About you
        </Typography>
        <TextField
          label="Bio"
          name="bio"
          required
          multiline
          minRows={4}
          value={bio}
          onChange={(event) => {
            setBio(event.target.value);
            setClientErrors(({ bio: _cleared, ...rest }) => rest);
          }}
          error={Boolean(errors.bio)}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>{errors.bio ?? 'What you create and what subscribers get.'}</span>
              <Box component="span" sx={{ whiteSpace: 'nowrap', color: bioLength > CREATOR_BIO_MAX_LENGTH ? 'error.main' : undefined }}>
                {bioLength} / {CREATOR_BIO_MAX_LENGTH}
              </Box>
            </Box>
          }
          slotProps={{ htmlInput: { maxLength: CREATOR_BIO_MAX_LENGTH } }}
        />
      </Box>
      {serverErrors.general && <Alert severity="error">{serverErrors.general}</Alert>}
      {uploading && (
        <Typography role="status" variant="body2" color="text.secondary">
          Wait for the upload to finish before you save.
        </Typography>
      )}
      <BlockButton type="submit" loading={save.isPending} disabled={uploading}>
        {state.isCreator ? 'Save' : 'Save and continue'}
      </BlockButton>
    </form>
  );
}
