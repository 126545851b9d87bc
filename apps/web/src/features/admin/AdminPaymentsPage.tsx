import { type AdminChargeRow, type AdminLedgerRow, CHARGE_STATUSES, formatMoney, LEDGER_KINDS } from '@aurum/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../lib/paths';
import { type MoneyFilters, moneyExportUrl, moneyListQuery } from './api';
import { CHARGE_KIND_LABELS, CHARGE_STATUS_LABELS, LEDGER_KIND_LABELS } from './labels';
import { adminDateTime, type FilterChoices, MoneyFilterBar, MoneyResults, type OnPersonFilter, People, useMoneyFilters } from './MoneyList';

const STATUS_CHOICES: FilterChoices = CHARGE_STATUSES.map((status) => [status, CHARGE_STATUS_LABELS[status]]);
const CHARGE_KIND_CHOICES: FilterChoices = Object.entries(CHARGE_KIND_LABELS);
const LEDGER_KIND_CHOICES: FilterChoices = LEDGER_KINDS.map((kind) => [kind, LEDGER_KIND_LABELS[kind]]);

/** /admin/payments: every payment and refund (or, in the ledger view, every ledger entry) with filters, totals and a CSV export. */
export default function AdminPaymentsPage() {
  // Which view decides which filters apply, so it is read before them.
  const [params] = useSearchParams();
  const ledgerView = params.get('view') === 'ledger';
  const { filters, setFilter, setParams } = useMoneyFilters({
    status: ledgerView ? [] : STATUS_CHOICES,
    kind: ledgerView ? LEDGER_KIND_CHOICES : CHARGE_KIND_CHOICES,
  });
  const list = ledgerView ? 'ledger' : 'payments';
  const switchView = (view: string | null) =>
    // Status and kind mean other things in the other view.
    setParams({ status: null, kind: null, view: view === 'ledger' ? 'ledger' : null });
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Payments">Payments and refunds, newest first. Choose a payment to see it in full or refund it.</PageHeader>
      <AdminTabs />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={list}
        onChange={(_, view: string | null) => view && switchView(view)}
        aria-label="Show"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="payments">Payments</ToggleButton>
        <ToggleButton value="ledger">Ledger entries</ToggleButton>
      </ToggleButtonGroup>
      <MoneyFilterBar
        filters={filters}
        setFilter={setFilter}
        status={ledgerView ? undefined : STATUS_CHOICES}
        kind={ledgerView ? LEDGER_KIND_CHOICES : CHARGE_KIND_CHOICES}
        exportHref={moneyExportUrl(list, filters)}
      />
      {ledgerView ? <LedgerResults filters={filters} onFilter={setFilter} /> : <PaymentResults filters={filters} onFilter={setFilter} />}
    </Box>
  );
}

function PaymentResults({ filters, onFilter }: { filters: MoneyFilters; onFilter: OnPersonFilter }) {
  const query = useInfiniteQuery(moneyListQuery('payments', filters));
  const totals = query.data?.pages[0]?.totals ?? [];
  return (
    <MoneyResults
      query={query}
      label="Payments"
      totals={totals.map((line) => ({
        currency: line.currency,
        count: line.count,
        parts: [
          ['paid', line.paidMinor],
          ['refunded', line.refundedMinor],
        ],
      }))}
      render={(row: AdminChargeRow) => <PaymentItem key={row.id} row={row} onFilter={onFilter} />}
    />
  );
}

function LedgerResults({ filters, onFilter }: { filters: MoneyFilters; onFilter: OnPersonFilter }) {
  const query = useInfiniteQuery(moneyListQuery('ledger', filters));
  const totals = query.data?.pages[0]?.totals ?? [];
  return (
    <MoneyResults
      query={query}
      label="Ledger entries"
      totals={totals.map((line) => ({
        currency: line.currency,
        count: line.count,
        parts: [
          ['gross', line.grossMinor],
          ['fees', line.feeMinor],
          ['creators', line.netMinor],
        ],
      }))}
      render={(row: AdminLedgerRow) => <LedgerItem key={row.id} row={row} onFilter={onFilter} />}
    />
  );
}

function PaymentItem({ row, onFilter }: { row: AdminChargeRow; onFilter: OnPersonFilter }) {
  const amount = formatMoney({ amountMinor: row.kind === 'refund' ? -row.amountMinor : row.amountMinor, currency: row.currency });
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={paths.adminPayment(row.id)} sx={{ fontWeight: 700 }}>
          {amount} · {CHARGE_KIND_LABELS[row.kind]}
        </Link>
        <Typography variant="body2" color="text.secondary" component="time" dateTime={row.createdAt}>
          {adminDateTime(row.createdAt)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" label={CHARGE_STATUS_LABELS[row.status]} color={row.status === 'failed' ? 'error' : 'default'} />
        {row.refundStatus && (
          <Chip size="small" variant="outlined" label={row.refundStatus === 'succeeded' ? 'Refunded' : 'Refund pending'} />
        )}
        <People row={row} onFilter={onFilter} />
      </Box>
    </Paper>
  );
}

function LedgerItem({ row, onFilter }: { row: AdminLedgerRow; onFilter: OnPersonFilter }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 700 }}>
          {formatMoney({ amountMinor: row.amountMinor, currency: row.currency })} · {LEDGER_KIND_LABELS[row.kind]}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="time" dateTime={row.createdAt}>
          {adminDateTime(row.createdAt)}
        </Typography>
      </Box>
      <Typography variant="body2">
        {row.chargeId && row.chargeKind ? (
          <Link component={RouterLink} to={paths.adminPayment(row.chargeId)} underline="always">
            {CHARGE_KIND_LABELS[row.chargeKind]} {row.chargeId}
          </Link>
        ) : (
          <Link component={RouterLink} to={`${paths.adminPayouts}?creatorId=${encodeURIComponent(row.creator.id)}`} underline="always">
            Payout {row.payoutId}
          </Link>
        )}
      </Typography>
      <People row={row} onFilter={onFilter} />
    </Paper>
  );
}
