import { displayName, formatCompactNumber, type ProfilePage as ProfileData } from '@aurum/core';
import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import VerifiedIcon from '@mui/icons-material/Verified';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { FollowButton } from '../../components/FollowButton';
import { FanListsButton } from '../../components/fan-lists/FanListsButton';
import { MessageButton } from '../../components/MessageButton';
import { ProfileStates } from '../../components/ProfileStates';
import { TipButton } from '../../components/tip/TipButton';
import { UserAvatar } from '../../components/UserAvatar';
import { bioExcerpt, followerText } from '../../lib/bio';
import { subscribesWithChat } from '../../lib/chat';
import { isCreator, useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { profilePageQuery } from '../../lib/profile-page';
import { BlockedNotice, BlockMenu } from './BlockControls';
import { lastOnlineText } from './last-online';
import { PlanList } from './PlanList';
import { PostGrid } from './PostGrid';

const AVATAR_SIZE = { xs: 88, sm: 112 };

/**
 * A user's profile: for creators with cover, bio, plans and their posts; for members the basics.
 * Others' profiles have a menu to block them; a blocked user's plans and posts are not shown.
 */
/** A round dark backing for a button over the cover picture, its icon light in either theme. */
const OVER_COVER = {
  position: 'absolute',
  top: 8,
  bgcolor: 'rgba(10, 8, 5, 0.55)',
  borderRadius: 999,
  '& .MuiIconButton-root': { color: '#fff' },
} as const;

export default function ProfilePage() {
  const { userId = '' } = useParams();
  const profile = useQuery(profilePageQuery(userId));
  if (!profile.data)
    return <ProfileStates isPending={profile.isPending} error={profile.error} retry={() => profile.refetch()} title="Profile" />;
  return <Profile profile={profile.data} />;
}

function Profile({ profile }: { profile: ProfileData }) {
  const viewer = useSignedInUser();
  const own = viewer?.id === profile.userId;
  const name = displayName(profile);
  const bio = profile.bio ? bioExcerpt(profile.bio) : null;
  return (
    <Box sx={{ display: 'grid', gap: { xs: 3, sm: 4 } }}>
      <Paper variant="outlined" component="section" aria-labelledby="profile-name" sx={{ overflow: 'hidden' }}>
        <Box
          sx={{
            position: 'relative',
            height: { xs: 132, sm: 200 },
            background: 'linear-gradient(120deg, #3a2a0c 0%, #8a6420 45%, #e6b34a 100%)',
          }}
        >
          {profile.coverUrl && (
            <Box
              component="img"
              src={profile.coverUrl}
              alt={`Cover picture of ${name}`}
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
          <Box sx={{ ...OVER_COVER, left: 8 }}>
            <BackButton />
          </Box>
          {!own && (
            <Box sx={{ ...OVER_COVER, right: 8 }}>
              <BlockMenu profile={profile} />
            </Box>
          )}
        </Box>
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2.5, sm: 3 } }}>
          <Box
            sx={{
              mt: { xs: '-44px', sm: '-56px' },
              width: AVATAR_SIZE,
              height: AVATAR_SIZE,
              borderRadius: '50%',
              border: 4,
              borderColor: 'background.paper',
              bgcolor: 'background.paper',
              position: 'relative',
            }}
          >
            {profile.avatarUrl ? (
              <Avatar src={profile.avatarUrl} alt={`Profile picture of ${name}`} sx={{ width: '100%', height: '100%' }} />
            ) : (
              <Box sx={{ '& .MuiAvatar-root': { width: { xs: 80, sm: 104 }, height: { xs: 80, sm: 104 } } }}>
                <UserAvatar profile={profile} size={104} />
              </Box>
            )}
          </Box>
          <Box sx={{ mt: 1.5, display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography id="profile-name" variant="h1" sx={{ overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              {profile.isVerified && <VerifiedIcon titleAccess="Verified" color="primary" />}
            </Box>
            {profile.handle && profile.publicName && <Typography color="text.secondary">@{profile.handle}</Typography>}
            {profile.isCreator && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {profile.isCreator && <Chip icon={<AutoAwesomeIcon />} label="Creator" color="primary" variant="outlined" size="small" />}
              </Box>
            )}
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
              {profile.isCreator && profile.followers !== null && (
                <Typography sx={{ fontWeight: 700 }}>{followerText(profile.followers, formatCompactNumber)}</Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {lastOnlineText(profile.lastOnline)}
              </Typography>
            </Box>
            {bio && (
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {bio.text}{' '}
                <Link component={RouterLink} to={paths.userBio(profile.userId)} underline="always" sx={{ whiteSpace: 'nowrap' }}>
                  {bio.truncated ? 'Read more' : 'About'}
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    {name}
                  </Box>
                </Link>
              </Typography>
            )}
            {!own && (
              // Empty (and hidden) for a member's profile that is not the viewing creator's fan.
              <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 1, '&:empty': { display: 'none' } }}>
                {profile.isCreator && !profile.blocked && (
                  <>
                    <FollowButton profile={profile} />
                    {subscribesWithChat(viewer, profile) && <MessageButton creatorId={profile.userId} />}
                    {profile.takesTips && <TipButton target={{ creatorId: profile.userId, creatorName: name }} />}
                  </>
                )}
                {isCreator(viewer) && <FanListsButton fan={{ userId: profile.userId, name }} onlyIfFan />}
              </Box>
            )}
            {own && (
              <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 1 }}>
                {profile.isCreator && (
                  <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.newPost}>
                    New post
                  </Button>
                )}
                <Button variant="outlined" component={RouterLink} to={paths.personalDetails(profile.userId)}>
                  Personal details
                </Button>
              </Box>
            )}
          </Box>
        </Box>
      </Paper>

      {profile.blocked && <BlockedNotice profile={profile} />}
      {profile.isCreator && !profile.blocked && <PlanList plans={profile.plans} creatorId={profile.userId} own={own} />}
      {profile.isCreator && !profile.blocked && <PostGrid creatorId={profile.userId} own={own} />}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
