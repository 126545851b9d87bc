import { AUDIT_ACTIONS, type AuditEntry } from '@aurum/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PagedResults } from '../../components/PagedResults';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';
import { useAddressParams } from '../../lib/useAddressParams';
import { type AuditFilters, auditQuery } from './api';
import { AUDIT_ACTION_LABELS, auditChange } from './labels';

const dateTime = (at: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(at));

/** /admin/audit: every admin action, newest first, filtered by action, by admin or by the user acted on. Read only. */
export default function AdminAuditPage() {
  const [params, setParams] = useAddressParams();
  const filters: AuditFilters = {};
  const action = params.get('action');
  if (action && (AUDIT_ACTIONS as readonly string[]).includes(action)) filters.action = action;
  for (const name of ['actorId', 'targetId'] as const) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const setFilter = (name: keyof AuditFilters, value: string | null) => setParams({ [name]: value });

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Audit log">Every action an admin took, newest first.</PageHeader>
      <AdminTabs />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 3 }}>
        <TextField
          select
          label="Action"
          value={filters.action ?? ''}
          onChange={(event) => setFilter('action', event.target.value || null)}
          sx={{ flex: '1 1 220px', maxWidth: 320 }}
        >
          <MenuItem value="">All actions</MenuItem>
          {AUDIT_ACTIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {AUDIT_ACTION_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        {filters.targetId && <Chip label="About one user" onDelete={() => setFilter('targetId', null)} />}
        {filters.actorId && <Chip label="By one admin" onDelete={() => setFilter('actorId', null)} />}
      </Box>
      <AuditResults filters={filters} onFilter={setFilter} />
    </Box>
  );
}

function AuditResults({ filters, onFilter }: { filters: AuditFilters; onFilter: (name: keyof AuditFilters, value: string) => void }) {
  return (
    <PagedResults
      query={useInfiniteQuery(auditQuery(filters))}
      label="Audit entries"
      loadingLabel="Loading the audit log"
      empty={{ title: 'Nothing recorded', text: 'No admin action matches these filters.' }}
      moreLabel="Load more entries"
      moreLoadingLabel="Loading more entries"
      renderItem={(entry) => <AuditItem key={entry.id} entry={entry} onFilter={onFilter} />}
    />
  );
}

function AuditItem({ entry, onFilter }: { entry: AuditEntry; onFilter: (name: keyof AuditFilters, value: string) => void }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 700 }}>{AUDIT_ACTION_LABELS[entry.action]}</Typography>
        <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.createdAt}>
          {dateTime(entry.createdAt)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={paths.adminUser(entry.targetId)}>
          {entry.targetEmail ?? entry.targetId}
        </Link>{' '}
        · {auditChange(entry)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        By{' '}
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onFilter('actorId', entry.actorId)}
          sx={{ verticalAlign: 'baseline' }}
        >
          {entry.actorEmail ?? entry.actorId}
        </Link>
        {entry.reason ? ` · “${entry.reason}”` : ''}
      </Typography>
      {entry.requestId && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Request {entry.requestId}
        </Typography>
      )}
    </Paper>
  );
}
