import { type Currency, formatMoney } from '@aurum/core';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type PagedQuery, PagedResults } from '../../components/PagedResults';
import { useAddressParams } from '../../lib/useAddressParams';
import type { MoneyFilters } from './api';

const FILTER_NAMES = ['from', 'to', 'status', 'kind', 'creatorId', 'memberId'] as const;
type FilterName = (typeof FILTER_NAMES)[number];

interface Person {
  id: string;
  handle: string | null;
  email: string | null;
}

/** How an admin list names a person: their @handle, else their e-mail, else their id. */
export const personName = (person: Person) => (person.handle ? `@${person.handle}` : (person.email ?? person.id));

/** Choices of a select filter: the value and what it is called. */
export type FilterChoices = ReadonlyArray<readonly [value: string, label: string]>;

/** A money list's filters, kept in the address so a filtered view can be shared and reloaded. */
export function useMoneyFilters(choices: { status?: FilterChoices; kind?: FilterChoices }) {
  const [params, setParams] = useAddressParams();
  const filters: MoneyFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (!value) continue;
    const allowed = name === 'status' || name === 'kind' ? choices[name] : undefined;
    if (allowed && !allowed.some(([choice]) => choice === value)) continue;
    filters[name] = value;
  }
  const setFilter = (name: FilterName, value: string | null) => setParams({ [name]: value });
  return { filters, setFilter, params, setParams };
}

/** Dates, status and kind as fields; creator and member (set from a row) as chips; and the CSV export of what they select. */
export function MoneyFilterBar({
  filters,
  setFilter,
  status,
  kind,
  exportHref,
}: {
  filters: MoneyFilters;
  setFilter: (name: FilterName, value: string | null) => void;
  status?: FilterChoices;
  kind?: FilterChoices;
  exportHref: string;
}) {
  const select = (name: 'status' | 'kind', label: string, choices: FilterChoices) => (
    <TextField
      select
      label={label}
      value={filters[name] ?? ''}
      onChange={(event) => setFilter(name, event.target.value || null)}
      sx={{ flex: '1 1 160px', maxWidth: 240 }}
    >
      <MenuItem value="">Any</MenuItem>
      {choices.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  const date = (name: 'from' | 'to', label: string) => (
    <TextField
      type="date"
      label={label}
      value={filters[name] ?? ''}
      onChange={(event) => setFilter(name, event.target.value || null)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: '1 1 150px', maxWidth: 200 }}
    />
  );
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      {date('from', 'From (UTC)')}
      {date('to', 'To (UTC)')}
      {status && select('status', 'Status', status)}
      {kind && select('kind', 'Kind', kind)}
      {filters.memberId && <Chip label="One member" onDelete={() => setFilter('memberId', null)} />}
      {filters.creatorId && <Chip label="One creator" onDelete={() => setFilter('creatorId', null)} />}
      <Button href={exportHref} download variant="outlined" startIcon={<FileDownloadOutlined />} sx={{ ml: { sm: 'auto' } }}>
        Export CSV
      </Button>
    </Box>
  );
}

/** Totals of the whole filtered set, one line per currency (never summed across them). */
export function MoneyTotals({
  totals,
}: {
  totals: ReadonlyArray<{ currency: Currency; count: number; parts: ReadonlyArray<readonly [label: string, amountMinor: number]> }>;
}) {
  if (totals.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-label="Totals" sx={{ p: 2, mb: 2, display: 'grid', gap: 0.5 }}>
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        Totals
      </Typography>
      {totals.map((line) => (
        <Typography key={line.currency} variant="body2">
          <strong>{line.currency}</strong> · {line.count} {line.count === 1 ? 'row' : 'rows'}
          {line.parts.map(([label, amountMinor]) => ` · ${label} ${formatMoney({ amountMinor, currency: line.currency })}`).join('')}
        </Typography>
      ))}
    </Paper>
  );
}

/** A member or creator named in a row; choosing them narrows the list to them. */
export function PersonFilterLink({ person, onFilter }: { person: Person; onFilter: (id: string) => void }) {
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      underline="always"
      onClick={() => onFilter(person.id)}
      sx={{ verticalAlign: 'baseline' }}
    >
      {person.handle ? `@${person.handle}` : (person.email ?? person.id)}
    </Link>
  );
}

/** What a list needs of its infinite query. */

export type OnPersonFilter = (name: 'memberId' | 'creatorId', id: string) => void;

/** The part every money list shares: the paged rows with the filtered set's totals above them. */
export function MoneyResults<Row>({
  query,
  label,
  totals,
  render,
}: {
  query: PagedQuery<Row>;
  label: string;
  totals: Parameters<typeof MoneyTotals>[0]['totals'];
  render: (row: Row) => ReactNode;
}) {
  return (
    <PagedResults
      query={query}
      label={label}
      loadingLabel={`Loading ${label.toLowerCase()}`}
      empty={{ title: 'Nothing found', text: 'Nothing matches these filters.' }}
      moreLabel="Load more"
      moreLoadingLabel="Loading more"
      header={<MoneyTotals totals={totals} />}
      renderItem={render}
    />
  );
}

/** Member → creator, each a filter; the creator alone for money of theirs no member paid (a payout). */
export function People({ row, onFilter }: { row: { member: Person | null; creator: Person }; onFilter: OnPersonFilter }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {row.member ? (
        <>
          <PersonFilterLink person={row.member} onFilter={(id) => onFilter('memberId', id)} /> to{' '}
        </>
      ) : (
        'Creator '
      )}
      <PersonFilterLink person={row.creator} onFilter={(id) => onFilter('creatorId', id)} />
    </Typography>
  );
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const adminDateTime = (at: string) => dateTimeFormat.format(new Date(at));
