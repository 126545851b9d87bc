import { displayName, type FansInsights } from '@aurum/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../lib/dates';
import { money } from './format';

type Fan = Pick<FansInsights['bySpend'][number], 'userId' | 'handle' | 'publicName' | 'avatarColor'>;

/**
 * The top fans of all time, by what they paid (per currency, net of refunds) and by how many days
 * they paid for (a period still running counts whole), since the day of their first paid period.
 */
export function FansView({ data }: { data: FansInsights }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <FanList title="Top fans by spend" empty="No payments yet.">
        {data.bySpend.map((fan, index) => (
          <FanRow key={`${fan.userId}-${fan.currency}`} rank={index + 1} fan={fan}>
            <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
              {money(fan.spentMinor, fan.currency)}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {fan.payments} {fan.payments === 1 ? 'payment' : 'payments'}
            </Typography>
          </FanRow>
        ))}
      </FanList>
      <FanList title="Top fans by tenure" empty="No subscribers yet.">
        {data.byTenure.map((fan, index) => (
          <FanRow key={fan.userId} rank={index + 1} fan={fan}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {fan.paidDays} {fan.paidDays === 1 ? 'day' : 'days'} paid for
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              since {formatDate(fan.firstSubscribedAt)}
            </Typography>
            {fan.subscribedNow && <Chip size="small" label="Subscribed" variant="outlined" />}
          </FanRow>
        ))}
      </FanList>
    </Box>
  );
}

function FanList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <Typography variant="h3" component="h2">
        {title}
      </Typography>
      {children.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.25 }}>
          {children}
        </Box>
      )}
    </Paper>
  );
}

/**
 * A fan: rank, picture and name, then the figures; on a phone the figures go under the name,
 * so a long name is not cut to a few letters beside them.
 */
function FanRow({ rank, fan, children }: { rank: number; fan: Fan; children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 0.5,
        gridTemplateColumns: { xs: '24px 36px minmax(0, 1fr)', sm: '24px 36px minmax(0, 1fr) auto' },
        gridTemplateAreas: { xs: '"rank avatar name" ". . figures"', sm: '"rank avatar name figures"' },
      }}
    >
      <Typography component="span" color="text.secondary" sx={{ gridArea: 'rank', textAlign: 'right' }}>
        {rank}.
      </Typography>
      <Box sx={{ gridArea: 'avatar', display: 'flex' }}>
        <UserAvatar profile={fan} size={36} />
      </Box>
      <Box sx={{ gridArea: 'name', minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {displayName(fan)}
        </Typography>
        {fan.handle && (
          <Typography noWrap variant="body2" color="text.secondary">
            @{fan.handle}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          gridArea: 'figures',
          display: 'flex',
          flexWrap: 'wrap',
          flexDirection: { xs: 'row', sm: 'column' },
          alignItems: { xs: 'center', sm: 'flex-end' },
          columnGap: 1,
          rowGap: 0.25,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
