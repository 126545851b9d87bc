import type { CurrentUser } from '@aurum/core';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { UserAvatar } from '../../components/UserAvatar';
import { mediaPhase, UploadButton, UploadStatus, useMediaStatus, useObjectUrl, useUpload } from '../../lib/upload';
import { profileImageUrl } from './api';

const IMAGE_KINDS = ['image'] as const;

export type ProfileImageKind = 'avatar' | 'cover';

const NAMES: Record<ProfileImageKind, { title: string; noun: string; hint: string }> = {
  avatar: { title: 'Avatar', noun: 'avatar', hint: 'A square picture of you, shown round.' },
  cover: { title: 'Cover image', noun: 'cover image', hint: 'A wide picture across the top of your profile.' },
};

export interface ProfileImageFieldProps {
  kind: ProfileImageKind;
  user: Pick<CurrentUser, 'id' | 'publicName' | 'handle' | 'avatarColor'>;
  /** The image the profile has now (saved on the server). */
  savedId: string | null;
  /** The image to save: the saved one, a new upload, or null for none. */
  value: string | null;
  onChange: (mediaId: string | null) => void;
  /** True while a file is on its way, when the form must wait. */
  onBusyChange: (busy: boolean) => void;
}

/** Avatar or cover: shows the current picture, uploads a new one with progress and processing state, or removes it. */
export function ProfileImageField({ kind, user, savedId, value, onChange, onBusyChange }: ProfileImageFieldProps) {
  const names = NAMES[kind];
  const upload = useUpload({ kinds: IMAGE_KINDS, onComplete: (result) => onChange(result.mediaId) });
  const uploadStatus = useMediaStatus(upload.mediaId);
  const showingUpload = upload.file !== null && upload.state !== 'error';
  const preview = useObjectUrl(showingUpload ? upload.file : null);
  // The saved picture is served once the server has processed it; ask while it is processing.
  const showingSaved = !showingUpload && value !== null && value === savedId;
  const savedStatus = useMediaStatus(showingSaved ? value : null);
  const busy = upload.state === 'uploading';

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const phase = showingUpload || upload.state === 'error' ? mediaPhase(upload.state, uploadStatus.data?.status) : null;
  const savedPhase = showingSaved ? (savedStatus.data?.status ?? null) : null;
  const src = preview ?? (showingSaved && savedPhase === 'ready' && value ? profileImageUrl(user.id, kind, value) : null);
  const titleId = `${kind}-image-title`;

  const remove = () => {
    upload.reset();
    onChange(null);
  };

  return (
    <Box role="group" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem' }}>
          {names.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {names.hint}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: kind === 'cover' ? 'wrap' : 'nowrap' }}>
        <Preview kind={kind} src={src} user={user} />
        <Box sx={{ display: 'grid', gap: 1, flex: '1 1 200px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <UploadButton upload={upload} name={kind} accept="image/*" startIcon={<AddPhotoAlternateIcon />}>
              {value || showingUpload ? `Change ${names.noun}` : `Upload ${names.noun}`}
            </UploadButton>
            {(value || showingUpload) && (
              <Button color="inherit" onClick={remove}>
                Remove {names.noun}
              </Button>
            )}
          </Box>
          {phase ? (
            <UploadStatus
              phase={phase}
              progress={upload.progress}
              error={phase === 'failed' ? (uploadStatus.data?.failureReason ?? null) : upload.error}
              label={names.title}
              readyText="Uploaded. Save to use it."
            />
          ) : (
            savedPhase &&
            savedPhase !== 'ready' && (
              <UploadStatus phase={savedPhase} progress={100} error={savedStatus.data?.failureReason ?? null} label={names.title} />
            )
          )}
        </Box>
      </Box>
    </Box>
  );
}

function Preview({ kind, src, user }: { kind: ProfileImageKind; src: string | null; user: ProfileImageFieldProps['user'] }) {
  if (kind === 'avatar') {
    return src ? (
      <Box
        component="img"
        src={src}
        alt="Avatar preview"
        sx={{ width: 96, height: 96, borderRadius: '50%', objectFit: 'cover', flexShrink: 0 }}
      />
    ) : (
      <Box sx={{ flexShrink: 0 }}>
        <UserAvatar profile={user} size={96} />
      </Box>
    );
  }
  return (
    <Box
      sx={{
        width: '100%',
        aspectRatio: '3 / 1',
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        background: (theme) => `linear-gradient(135deg, ${theme.palette.background.paper}, rgba(230, 179, 74, 0.25))`,
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {src ? (
        <Box component="img" src={src} alt="Cover image preview" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No cover image yet
        </Typography>
      )}
    </Box>
  );
}
