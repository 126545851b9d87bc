import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { overviewQuery } from './api';
import { ATTENTION } from './labels';

const TITLE = 'Admin';

/** /admin: what needs an admin's attention, one count per queue, each opening its queue. */
export default function AdminHomePage() {
  const overview = useQuery(overviewQuery);
  if (overview.isPending) return <PageLoading label="Loading what needs attention" />;
  if (overview.error) return <LoadFailed title={TITLE} error={overview.error} retry={() => overview.refetch()} />;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={TITLE}>What needs attention now.</PageHeader>
      <AdminTabs />
      <Box
        component="ul"
        aria-label="Needs attention"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {overview.data.attention.map((item) => {
          const { label, to } = ATTENTION[item.kind];
          return (
            <Paper component="li" variant="outlined" key={item.kind} sx={{ overflow: 'hidden' }}>
              <CardActionArea
                component={RouterLink}
                to={to}
                aria-label={`${label}: ${item.count}`}
                sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, color: item.count > 0 ? 'primary.main' : 'text.primary' }}
                  >
                    {item.count}
                  </Typography>
                  <Typography color="text.secondary">{label}</Typography>
                </Box>
                <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
              </CardActionArea>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
