import { formatCompactNumber, formatMoney, relativeChange, type SubscribersInsights } from '@aurum/core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ChartCard } from './ChartCard';
import { bucketHeading, bucketLabel, percent } from './format';
import { Kpi, KpiGrid } from './Kpi';

const count = (value: number) => value.toLocaleString('en-US');
const tick = (value: number) => formatCompactNumber(value);

/** Subscribers over the period: active and followers over time, who came and who left, churn, and the plan mix. */
export function SubscribersView({ data }: { data: SubscribersInsights }) {
  const { period, series, total, previous, plans } = data;
  const labels = series.map((point) => bucketLabel(point.bucket, period.granularity));
  const heading = bucketHeading(period.granularity);
  const left = total.cancelled + total.lapsed;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <KpiGrid label="Subscriber totals">
        <Kpi
          label="Active subscribers"
          value={count(total.activeAtEnd)}
          change={relativeChange(total.activeAtEnd, total.activeAtStart)}
          previous={count(total.activeAtStart)}
        />
        <Kpi label="New" value={count(total.new)} change={relativeChange(total.new, previous.new)} previous={count(previous.new)} />
        <Kpi
          label="Renewed"
          value={count(total.renewed)}
          change={relativeChange(total.renewed, previous.renewed)}
          previous={count(previous.renewed)}
        />
        <Kpi
          label="Canceled"
          value={count(total.cancelled)}
          change={relativeChange(total.cancelled, previous.cancelled)}
          previous={count(previous.cancelled)}
          lowerIsBetter
        />
        <Kpi
          label="Lapsed"
          value={count(total.lapsed)}
          change={relativeChange(total.lapsed, previous.lapsed)}
          previous={count(previous.lapsed)}
          lowerIsBetter
        />
        <Kpi label="Churn rate" value={percent(total.churnRate)} />
        <Kpi label="Followers" value={count(total.followersAtEnd)} />
      </KpiGrid>
      <Typography variant="body2" color="text.secondary">
        Churn is the subscriptions that ended in the period (canceled: ran out after the member stopped renewal; lapsed: renewal failed
        until the grace period ended) over those active when it began ({left} of {total.activeAtStart}; the period before:{' '}
        {percent(previous.churnRate)}).
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        <ChartCard
          title="Active subscribers"
          summary={`At the end of each ${period.granularity}.`}
          spec={{
            type: 'line',
            labels,
            series: [{ label: 'Active subscribers', values: series.map((point) => point.active), format: count }],
            tick,
          }}
          table={{
            columns: [heading, 'Active', 'New', 'Renewed', 'Canceled', 'Lapsed', 'Churn'],
            rows: series.map((point, index) => ({
              key: point.bucket,
              cells: [
                labels[index],
                count(point.active),
                point.new,
                point.renewed,
                point.cancelled,
                point.lapsed,
                percent(point.churnRate),
              ],
            })),
          }}
        />
        <ChartCard
          title="Joined and left"
          summary="New subscriptions above the line, canceled and lapsed ones below it."
          spec={{
            type: 'bars',
            labels,
            series: [
              { label: 'New', values: series.map((point) => point.new), format: count },
              { label: 'Left', values: series.map((point) => point.cancelled + point.lapsed), format: count },
            ],
            tick: (value) => tick(Math.abs(value)),
          }}
          table={{
            columns: [heading, 'New', 'Canceled', 'Lapsed'],
            rows: series.map((point, index) => ({ key: point.bucket, cells: [labels[index], point.new, point.cancelled, point.lapsed] })),
          }}
        />
        <ChartCard
          title="Followers"
          summary="Followers at the end of each period, by the day they followed (those who unfollowed are not counted)."
          spec={{
            type: 'line',
            labels,
            series: [{ label: 'Followers', values: series.map((point) => point.followers), format: count }],
            tick,
          }}
          table={{
            columns: [heading, 'Followers'],
            rows: series.map((point, index) => ({ key: point.bucket, cells: [labels[index], count(point.followers)] })),
          }}
        />
        {plans.length > 0 && (
          <ChartCard
            title="Plan mix"
            summary="Active subscribers per plan now."
            spec={{
              type: 'ranking',
              labels: plans.map((plan) => plan.name),
              series: [{ label: 'Active', values: plans.map((plan) => plan.active), format: count }],
              tick,
            }}
            table={{
              columns: ['Plan', 'Price', 'Active now', 'New', 'Renewed', 'Canceled', 'Lapsed'],
              rows: plans.map((plan) => ({
                key: plan.planId,
                cells: [
                  plan.name,
                  `${formatMoney({ amountMinor: plan.priceMinor, currency: plan.currency })} / ${plan.billingPeriodDays} days`,
                  plan.active,
                  plan.new,
                  plan.renewed,
                  plan.cancelled,
                  plan.lapsed,
                ],
              })),
            }}
          />
        )}
      </Box>
    </Box>
  );
}
