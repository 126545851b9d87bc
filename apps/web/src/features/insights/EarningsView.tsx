import { type EarningSource, type EarningsInsights, formatCompactNumber } from '@aurum/core';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { ChartCard } from './ChartCard';
import { bucketHeading, bucketLabel, money, monthName, recentMonths } from './format';
import { Kpi, KpiGrid } from './Kpi';

const SOURCE_LABELS: Record<EarningSource, string> = {
  subscriptions: 'From subscriptions',
  messages: 'From paid messages',
  tips: 'From tips',
  posts: 'From posts sold',
};

/** Earnings per currency: the period's gross, fee and net against the previous period, its net by source, a chart of net per bucket, and the monthly statements. */
export function EarningsView({
  data,
  statementHref,
  today,
}: {
  data: EarningsInsights;
  statementHref: (month: string) => string;
  today: string;
}) {
  const { period } = data;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {data.balances.length > 0 && <Balances balances={data.balances} />}
      {data.currencies.length === 0 && (
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Typography>No payments in this period or the one before. Earnings appear here as soon as a member pays.</Typography>
        </Paper>
      )}
      {data.currencies.map((currency) => {
        const format = (value: number) => money(value, currency.currency);
        return (
          <Box
            key={currency.currency}
            component="section"
            aria-label={`Earnings in ${currency.currency}`}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}
          >
            <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
              {currency.currency}
            </Typography>
            <KpiGrid label={`Totals in ${currency.currency}`}>
              <Kpi
                label="Net earnings"
                value={format(currency.total.netMinor)}
                change={currency.change.netMinor}
                previous={format(currency.previous.netMinor)}
              />
              <Kpi
                label="Gross"
                value={format(currency.total.grossMinor)}
                change={currency.change.grossMinor}
                previous={format(currency.previous.grossMinor)}
              />
              <Kpi
                label={`Platform fee (${data.platformFeePercent}%)`}
                value={format(currency.total.feeMinor)}
                change={currency.change.feeMinor}
                previous={format(currency.previous.feeMinor)}
              />
              <Kpi label="Payments" value={formatCompactNumber(currency.total.charges)} />
            </KpiGrid>
            <KpiGrid label={`Net by source in ${currency.currency}`}>
              {currency.bySource.map(({ source, netMinor }) => (
                <Kpi key={source} label={SOURCE_LABELS[source]} value={format(netMinor)} />
              ))}
            </KpiGrid>
            <ChartCard
              title={`Net earnings per ${period.granularity} (${currency.currency})`}
              summary="After the platform fee; refunds count on the day they were made."
              spec={{
                type: 'bars',
                labels: currency.series.map((point) => bucketLabel(point.bucket, period.granularity)),
                series: [{ label: 'Net', values: currency.series.map((point) => point.netMinor), format }],
                tick: (value) => formatCompactNumber(value / 100),
              }}
              table={{
                columns: [bucketHeading(period.granularity), 'Gross', 'Fee', 'Net', 'Payments'],
                rows: currency.series.map((point) => ({
                  key: point.bucket,
                  cells: [
                    bucketLabel(point.bucket, period.granularity),
                    format(point.grossMinor),
                    format(point.feeMinor),
                    format(point.netMinor),
                    point.charges,
                  ],
                })),
              }}
            />
          </Box>
        );
      })}
      <Statements href={statementHref} today={today} />
    </Box>
  );
}

/** Where the money is now, whatever the period: beside what was earned, what is held, available and paid out. */
function Balances({ balances }: { balances: EarningsInsights['balances'] }) {
  return (
    <Box component="section" aria-labelledby="insights-balance" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="insights-balance" variant="h2" sx={{ fontSize: '1.2rem' }}>
          Your balance now
        </Typography>
        <Link component={RouterLink} to={paths.creatorPayouts}>
          Payouts
        </Link>
      </Box>
      {balances.map((balance) => {
        const format = (value: number) => money(value, balance.currency);
        return (
          <KpiGrid key={balance.currency} label={`Balance in ${balance.currency}`}>
            <Kpi label="Available to pay out" value={format(balance.availableMinor)} />
            <Kpi label="Held" value={format(balance.pendingMinor)} />
            <Kpi label="Paid out" value={format(balance.paidOutMinor)} />
          </KpiGrid>
        );
      })}
    </Box>
  );
}

function Statements({ href, today }: { href: (month: string) => string; today: string }) {
  const months = recentMonths(today);
  const [month, setMonth] = useState(months[0] as string);
  return (
    <Paper
      component="section"
      aria-labelledby="insights-statements"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1.5 }}
    >
      <Typography id="insights-statements" variant="h3" component="h2">
        Monthly statement
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Every payment and refund of the month with gross, platform fee and net, and the totals per currency, as a CSV file for your
        spreadsheet or accountant.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          sx={{ flex: '0 1 240px', minWidth: 180 }}
        >
          {months.map((option) => (
            <MenuItem key={option} value={option}>
              {monthName(option)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<DownloadIcon />} href={href(month)} download={`aurum-statement-${month}.csv`}>
          Download CSV
        </Button>
      </Box>
    </Paper>
  );
}
