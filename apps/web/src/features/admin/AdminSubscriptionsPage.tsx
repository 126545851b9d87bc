import { type AdminSubscriptionRow, formatMoney, SUBSCRIPTION_STATUSES } from '@aurum/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AdminTabs } from '../../components/AdminTabs';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/dates';
import { moneyExportUrl, moneyListQuery } from './api';
import { SUBSCRIPTION_STATUS_LABELS } from './labels';
import { type FilterChoices, MoneyFilterBar, MoneyResults, type OnPersonFilter, People, useMoneyFilters } from './MoneyList';

const STATUS_CHOICES: FilterChoices = SUBSCRIPTION_STATUSES.map((status) => [status, SUBSCRIPTION_STATUS_LABELS[status]]);

/** /admin/subscriptions: every subscription, newest first, filtered by dates started, status, creator and member, with totals and a CSV export. */
export default function AdminSubscriptionsPage() {
  const { filters, setFilter } = useMoneyFilters({ status: STATUS_CHOICES });
  const query = useInfiniteQuery(moneyListQuery('subscriptions', filters));
  const totals = query.data?.pages[0]?.totals ?? [];
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Subscriptions">Every subscription, newest first. Dates filter when they started.</PageHeader>
      <AdminTabs />
      <MoneyFilterBar
        filters={filters}
        setFilter={setFilter}
        status={STATUS_CHOICES}
        exportHref={moneyExportUrl('subscriptions', filters)}
      />
      <MoneyResults
        query={query}
        label="Subscriptions"
        totals={totals.map((line) => ({ currency: line.currency, count: line.count, parts: [['in plan prices', line.priceMinor]] }))}
        render={(row: AdminSubscriptionRow) => <SubscriptionItem key={row.id} row={row} onFilter={setFilter} />}
      />
    </Box>
  );
}

function SubscriptionItem({ row, onFilter }: { row: AdminSubscriptionRow; onFilter: OnPersonFilter }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 700 }}>
          {row.planName} · {formatMoney({ amountMinor: row.priceMinor, currency: row.currency })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Since {formatDate(row.createdAt)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" label={SUBSCRIPTION_STATUS_LABELS[row.status]} color={row.status === 'active' ? 'primary' : 'default'} />
        <Typography variant="body2" color="text.secondary">
          {row.autoRenew ? 'Renews' : 'Ends'} {formatDate(row.validUntil)}
        </Typography>
        <People row={row} onFilter={onFilter} />
      </Box>
    </Paper>
  );
}
