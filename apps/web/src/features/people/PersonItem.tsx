import { displayName, type MyCreatorRow, type PersonRow } from '@aurum/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FanListsButton } from '../../components/fan-lists/FanListsButton';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';

/**
 * One person on a people list: their name (to their profile), the follow, and the subscription's
 * plan and dates; a fan's row also opens the creator's lists and note for them.
 */
export function PersonItem({ person, side }: { person: PersonRow | MyCreatorRow; side: 'creators' | 'fans' }) {
  const subscription = person.subscription;
  const own = subscription && 'id' in subscription ? subscription : null;
  const followLabel = side === 'creators' ? 'Following' : 'Follower';
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}>
      <UserAvatar profile={person} size={44} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={paths.user(person.userId)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {displayName(person)}
          </Link>
          {person.handle && person.publicName && (
            <Typography variant="body2" color="text.secondary">
              @{person.handle}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
          {person.following && <Chip size="small" variant="outlined" label={followLabel} />}
          {subscription &&
            (own ? (
              <Chip
                size="small"
                color="primary"
                label={`${subscription.planName} until ${formatDate(subscription.validUntil)}`}
                component={RouterLink}
                to={paths.subscription(own.id)}
                clickable
              />
            ) : (
              <Chip size="small" color="primary" label={`${subscription.planName} since ${formatDate(subscription.since)}`} />
            ))}
        </Box>
      </Box>
      {side === 'fans' && <FanListsButton fan={{ userId: person.userId, name: displayName(person) }} compact />}
    </Paper>
  );
}
