import { CREATOR_CARD_BIO_CHARS, type CreatorCard as CreatorCardData, displayName, formatCompactNumber } from '@aurum/core';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FollowButton } from '../../components/FollowButton';
import { UserAvatar } from '../../components/UserAvatar';
import { bioExcerpt, followerText } from '../../lib/bio';
import { paths } from '../../lib/paths';

/**
 * A creator in Explore. The name is the link to their profile and stretches over the whole
 * card, so the card is one big tap target; the Follow button sits above it.
 */
export function CreatorCard({ creator }: { creator: CreatorCardData }) {
  const name = displayName(creator);
  const bio = creator.bio ? bioExcerpt(creator.bio, CREATOR_CARD_BIO_CHARS).text : null;
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{
        position: 'relative',
        height: '100%',
        p: 2,
        display: 'grid',
        // On phones the Follow button gets its own row, so the name is not cut short.
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
        columnGap: 1.5,
        rowGap: 1,
        alignItems: 'center',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <UserAvatar profile={creator} size={56} />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography
            variant="h3"
            component="h2"
            sx={{ fontSize: '1.05rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            <Link
              component={RouterLink}
              to={paths.user(creator.userId)}
              color="inherit"
              underline="hover"
              sx={{
                '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
                '&:focus-visible': { outline: 'none' },
                '&:focus-visible::after': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {name}
            </Link>
          </Typography>
          {creator.isVerified && <VerifiedIcon titleAccess="Verified" color="primary" sx={{ fontSize: 18 }} />}
        </Box>
        {creator.handle && creator.publicName && (
          <Typography variant="body2" color="text.secondary" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            @{creator.handle}
          </Typography>
        )}
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {followerText(creator.followers, formatCompactNumber)}
        </Typography>
      </Box>
      <Box sx={{ position: 'relative', zIndex: 1, gridColumn: { xs: '1 / -1', sm: 'auto' }, justifySelf: 'start' }}>
        <FollowButton profile={creator} />
      </Box>
      {bio && (
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', overflowWrap: 'anywhere' }}>
          {bio}
        </Typography>
      )}
    </Paper>
  );
}
