import { ADMIN_SEARCH_MAX, type AdminUserRow } from '@aurum/core';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PagedResults } from '../../components/PagedResults';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useSearchText } from '../../lib/search';
import { useAddressParams } from '../../lib/useAddressParams';
import { adminUsersQuery, type UserFilters } from './api';
import { adminDisplayName } from './labels';
import { UserChips } from './UserChips';

const FILTERS = [
  {
    name: 'label',
    label: 'Label',
    options: [
      ['', 'Any'],
      ['creators', 'Creators'],
      ['admins', 'Admins'],
    ],
  },
  {
    name: 'disabled',
    label: 'Disabled',
    options: [
      ['', 'Any'],
      ['yes', 'Disabled'],
      ['no', 'Active'],
    ],
  },
  {
    name: 'verified',
    label: 'Identity',
    options: [
      ['', 'Any'],
      ['yes', 'Verified'],
      ['no', 'Not verified'],
    ],
  },
] as const;

/** /admin/users: every account, newest first, 25 at a time; search and filters live in the address. */
export default function AdminUsersPage() {
  const [params, setParams] = useAddressParams();
  const { text, setText, q } = useSearchText(params.get('q') ?? '');

  useEffect(() => {
    setParams({ q });
  }, [q, setParams]);

  const setFilter = (name: string, value: string) => setParams({ [name]: value });

  const filters: UserFilters = { q: q || undefined };
  for (const filter of FILTERS) {
    const value = params.get(filter.name);
    if (value && filter.options.some(([option]) => option === value)) filters[filter.name] = value;
  }

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Users">Search by e-mail, handle or name.</PageHeader>
      <AdminTabs />
      <Box component="search" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 3 }}>
        <SearchField
          label="Search users"
          placeholder="E-mail, handle or name"
          maxLength={ADMIN_SEARCH_MAX}
          value={text}
          onChange={setText}
          sx={{ flex: '1 1 260px' }}
        />
        {FILTERS.map((filter) => (
          <TextField
            key={filter.name}
            select
            label={filter.label}
            value={filters[filter.name] ?? ''}
            onChange={(event) => setFilter(filter.name, event.target.value)}
            sx={{ flex: '1 1 130px', minWidth: 130 }}
          >
            {filter.options.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
      <UserResults filters={filters} />
    </Box>
  );
}

function UserResults({ filters }: { filters: UserFilters }) {
  return (
    <PagedResults
      query={useInfiniteQuery(adminUsersQuery(filters))}
      label="Users"
      loadingLabel="Loading users"
      empty={{ title: 'No users found', text: 'Nobody matches this search and these filters.' }}
      moreLabel="Load more users"
      moreLoadingLabel="Loading more users"
      renderItem={(user) => <UserItem key={user.id} user={user} />}
    />
  );
}

function UserItem({ user }: { user: AdminUserRow }) {
  const name = adminDisplayName(user);
  return (
    <Paper component="li" variant="outlined" sx={{ overflow: 'hidden' }}>
      <CardActionArea component={RouterLink} to={paths.adminUser(user.id)} sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <UserAvatar profile={user} size={40} />
        <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
            {user.publicName && user.handle && (
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                {' '}
                @{user.handle}
              </Box>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email} · joined {formatDate(user.createdAt)}
          </Typography>
          <UserChips user={user} />
        </Box>
        <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
      </CardActionArea>
    </Paper>
  );
}
