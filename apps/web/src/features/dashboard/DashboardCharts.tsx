import '@mantine/charts/styles.css'
import { AreaChart, BarChart } from '@mantine/charts'
import type { DashboardData } from '@app/shared'
import type { ChartSeries } from './series'

/**
 * The two charts of spec §2, on real figures: new rows per month stacked by
 * kind (area), and each kind's total (bars). Its own module, loaded lazily,
 * so recharts never reaches the login page or the shell.
 */
export function MonthlyAreaChart({
  data,
  series,
  monthLabel,
}: {
  data: DashboardData
  series: ChartSeries[]
  monthLabel: (m: string) => string
}) {
  const rows = data.months.map((m, i) => ({
    month: monthLabel(m),
    ...Object.fromEntries(data.series.map((s) => [s.key, s.counts[i] ?? 0])),
  }))
  return (
    <AreaChart
      h={300}
      data={rows}
      dataKey="month"
      type="stacked"
      curveType="monotone"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      gridAxis="xy"
      fillOpacity={0.35}
      // Kinds with nothing new in the window only clutter the legend; the totals chart still lists them.
      series={series
        .filter((s) => data.series.find((x) => x.key === s.key)?.counts.some((n) => n > 0))
        .map((s) => ({ name: s.key, label: s.label, color: s.color }))}
      yAxisProps={{ allowDecimals: false }}
    />
  )
}

export function TotalsBarChart({ data, series, valueLabel }: { data: DashboardData; series: ChartSeries[]; valueLabel: string }) {
  const rows = series.map((s) => ({ kind: s.label, total: data.series.find((x) => x.key === s.key)?.total ?? 0 }))
  return (
    <BarChart
      // One readable row per kind however many the catalogue adds (a fixed height made the axis skip labels).
      h={Math.max(300, rows.length * 28 + 40)}
      data={rows}
      dataKey="kind"
      orientation="vertical"
      yAxisProps={{ width: 130, interval: 0 }}
      xAxisProps={{ allowDecimals: false }}
      gridAxis="x"
      withBarValueLabel
      series={[{ name: 'total', label: valueLabel, color: 'ocean.6' }]}
    />
  )
}
