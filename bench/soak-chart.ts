/** One minute of the soak. */
export interface MinuteRow {
  minute: number;
  requests: number;
  failures: number;
  p50: number;
  p99: number;
  chatP99: number;
  rssMiB: number;
}

/**
 * The soak's curve as an SVG picture: resident memory and p99 per minute, one panel each, with
 * their bars dashed and the baseline minutes shaded. Two polylines need no charting library.
 */
export function soakChart(rows: readonly MinuteRow[], bars: { memoryBar: number; p99Bar: number; baselineMinutes: number }): string {
  const width = 760;
  const panelHeight = 220;
  const panels = [
    {
      title: 'Resident memory, peak of each minute (MiB)',
      values: rows.map((row) => row.rssMiB),
      bar: bars.memoryBar,
      barLabel: '+10% of the peak of minutes 6 to 10',
      colour: '#e8b84a',
    },
    {
      title: 'p99 of all requests (ms)',
      values: rows.map((row) => row.p99),
      bar: bars.p99Bar,
      barLabel: '2x the first 5 minutes',
      colour: '#5aa9e6',
    },
  ];
  const margin = { left: 64, right: 24, top: 36, bottom: 36 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = panelHeight - margin.top - margin.bottom;
  const x = (minute: number) => margin.left + ((minute - 1) / Math.max(1, rows.length - 1)) * plotWidth;
  const parts = panels.map((panel, index) => {
    const top = index * panelHeight;
    const most = Math.max(panel.bar, ...panel.values) * 1.1;
    const y = (value: number) => top + margin.top + plotHeight - (value / most) * plotHeight;
    const points = panel.values.map((value, i) => `${x(i + 1).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
    const ticks = [0, most / 2, most].map(
      (value) =>
        `<text x="${margin.left - 8}" y="${(y(value) + 4).toFixed(1)}" text-anchor="end">${value.toFixed(0)}</text>` +
        `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(value).toFixed(1)}" y2="${y(value).toFixed(1)}" stroke="#3a3328"/>`,
    );
    const minuteTicks = rows
      .filter((row) => row.minute === 1 || row.minute % 5 === 0)
      .map((row) => `<text x="${x(row.minute).toFixed(1)}" y="${top + panelHeight - 14}" text-anchor="middle">${row.minute}</text>`);
    return [
      `<rect x="${margin.left}" y="${top + margin.top}" width="${(x(bars.baselineMinutes) - margin.left).toFixed(1)}" height="${plotHeight}" fill="#2a2418"/>`,
      `<text x="${margin.left}" y="${top + 22}" font-weight="bold">${panel.title}</text>`,
      ...ticks,
      ...minuteTicks,
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(panel.bar).toFixed(1)}" y2="${y(panel.bar).toFixed(1)}" stroke="#e06c5a" stroke-dasharray="6 4"/>`,
      `<text x="${width - margin.right}" y="${(y(panel.bar) - 6).toFixed(1)}" text-anchor="end" fill="#e06c5a">bar: ${panel.barLabel}</text>`,
      `<polyline points="${points}" fill="none" stroke="${panel.colour}" stroke-width="2.5"/>`,
    ].join('\n');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${panelHeight * panels.length}" viewBox="0 0 ${width} ${panelHeight * panels.length}" font-family="sans-serif" font-size="12" fill="#e9e1d0">`,
    '<title>Soak: resident memory and p99 of all requests per minute, with their bars</title>',
    `<rect width="100%" height="100%" fill="#14110c"/>`,
    ...parts,
    `<text x="${width / 2}" y="${panelHeight * panels.length - 2}" text-anchor="middle">minute</text>`,
    '</svg>',
    '',
  ].join('\n');
}
