import { VERIFICATION_KINDS, VERIFICATION_STATUSES, type VerificationRequestRow } from '@aurum/core';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PagedResults } from '../../components/PagedResults';
import { PageHeader } from '../../components/PageHeader';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useAddressParams } from '../../lib/useAddressParams';
import { type VerificationFilters, verificationRequestsQuery } from './api';
import { STATUS_COLORS, VERIFICATION_KIND_LABELS, VERIFICATION_STATUS_LABELS } from './verification-labels';

const FILTERS = [
  { name: 'status', label: 'Status', options: VERIFICATION_STATUSES.map((value) => [value, VERIFICATION_STATUS_LABELS[value]] as const) },
  { name: 'kind', label: 'Kind', options: VERIFICATION_KINDS.map((value) => [value, VERIFICATION_KIND_LABELS[value]] as const) },
] as const;

/** /admin/verification-requests: provider sessions and manual checks, newest first; filters (and one member's history) live in the address. */
export default function AdminVerificationRequestsPage() {
  const [params, setParams] = useAddressParams();
  const setFilter = (name: string, value: string) => setParams({ [name]: value });
  const filters: VerificationFilters = {};
  for (const filter of FILTERS) {
    const value = params.get(filter.name);
    if (value && filter.options.some(([option]) => option === value)) filters[filter.name] = value;
  }
  const userId = params.get('userId');
  if (userId) filters.userId = userId;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Verification requests">Age checks with the provider, and manual checks members asked for.</PageHeader>
      <AdminTabs />
      <Box component="search" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 3 }}>
        {FILTERS.map((filter) => (
          <TextField
            key={filter.name}
            select
            label={filter.label}
            value={filters[filter.name] ?? ''}
            onChange={(event) => setFilter(filter.name, event.target.value)}
            sx={{ flex: '1 1 150px', minWidth: 150, maxWidth: { sm: 240 } }}
          >
            <MenuItem value="">Any</MenuItem>
            {filter.options.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        ))}
        {userId && <Chip label="One member's history" onDelete={() => setFilter('userId', '')} />}
      </Box>
      <RequestResults filters={filters} />
    </Box>
  );
}

function RequestResults({ filters }: { filters: VerificationFilters }) {
  return (
    <PagedResults
      query={useInfiniteQuery(verificationRequestsQuery(filters))}
      label="Verification requests"
      loadingLabel="Loading verification requests"
      empty={{ title: 'No requests', text: 'No verification request matches these filters.' }}
      moreLabel="Load more requests"
      moreLoadingLabel="Loading more requests"
      renderItem={(request) => <RequestItem key={request.id} request={request} />}
    />
  );
}

function RequestItem({ request }: { request: VerificationRequestRow }) {
  const { user } = request;
  const name = user.publicName?.trim() || (user.handle ? `@${user.handle}` : user.email);
  return (
    <Paper component="li" variant="outlined" sx={{ overflow: 'hidden' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.adminVerificationRequest(request.id)}
        sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}
      >
        <UserAvatar profile={user} size={40} />
        <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email} · {formatDate(request.createdAt)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLORS[request.status]}
              label={VERIFICATION_STATUS_LABELS[request.status]}
            />
            <Chip
              size="small"
              variant="outlined"
              label={
                request.kind === 'manual' ? VERIFICATION_KIND_LABELS.manual : `${VERIFICATION_KIND_LABELS.provider}: ${request.provider}`
              }
            />
          </Box>
        </Box>
        <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
      </CardActionArea>
    </Paper>
  );
}
