import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';

/** One series of a chart: its name, values and how a value reads (money, counts). */
export interface ChartSeries {
  label: string;
  values: number[];
  format: (value: number) => string;
}

export interface ChartSpec {
  /** `bars` over time, a `line` over time, or `ranking` (horizontal bars, one per label). */
  type: 'bars' | 'line' | 'ranking';
  labels: string[];
  /** Two series in `bars` are stacked: the second is drawn below the axis (drawn negative), so position tells them apart, not colour. */
  series: ChartSeries[];
  /** How axis ticks read (compact). */
  tick: (value: number) => string;
  height?: number;
}

/**
 * The charts of the insights page, with @mui/x-charts (SVG, styled by the MUI theme, so the
 * dark and light themes follow). This module is loaded only when a chart is shown. Tapping or
 * hovering a point shows its values; the same values are in the table beside each chart.
 */
export default function Chart({ spec }: { spec: ChartSpec }) {
  const theme = useTheme();
  const colors = [theme.palette.primary.main, theme.palette.mode === 'dark' ? '#8fb3d9' : '#2f5f8f'];
  const height = spec.height ?? 240;
  const margin = { left: 8, right: 16, top: 16, bottom: 8 };
  if (spec.type === 'line') {
    return (
      <LineChart
        height={height}
        margin={margin}
        skipAnimation
        hideLegend={spec.series.length < 2}
        xAxis={[{ scaleType: 'point', data: spec.labels, tickLabelMinGap: 12 }]}
        yAxis={[{ valueFormatter: spec.tick, width: 48 }]}
        series={spec.series.map((series, index) => ({
          data: series.values,
          label: series.label,
          color: colors[index % colors.length],
          curve: 'linear' as const,
          showMark: spec.labels.length <= 31,
          valueFormatter: (value: number | null) => (value === null ? '' : series.format(value)),
        }))}
      />
    );
  }
  if (spec.type === 'ranking') {
    const [series] = spec.series;
    return (
      <BarChart
        height={Math.max(120, spec.labels.length * 44 + 40)}
        margin={margin}
        skipAnimation
        hideLegend
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: spec.labels, width: 96 }]}
        xAxis={[{ valueFormatter: spec.tick }]}
        series={[
          {
            data: series?.values ?? [],
            label: series?.label,
            color: colors[0],
            valueFormatter: (value: number | null) => (value === null || !series ? '' : series.format(value)),
          },
        ]}
      />
    );
  }
  const stacked = spec.series.length > 1;
  return (
    <BarChart
      height={height}
      margin={margin}
      skipAnimation
      hideLegend={!stacked}
      xAxis={[{ scaleType: 'band', data: spec.labels, tickLabelMinGap: 12 }]}
      yAxis={[{ valueFormatter: spec.tick, width: 48 }]}
      series={spec.series.map((series, index) => ({
        // The second series of a stack is drawn below the axis.
        data: index === 1 ? series.values.map((value) => -value) : series.values,
        label: series.label,
        color: colors[index % colors.length],
        ...(stacked ? { stack: 'flow' } : {}),
        valueFormatter: (value: number | null) => (value === null ? '' : series.format(index === 1 ? -value : value)),
      }))}
    />
  );
}
