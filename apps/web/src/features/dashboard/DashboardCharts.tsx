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

/** Orders made per month (bars) and their value in SAR (area), the same 12 months. */
export function BookingsChart({ rows, label }: { rows: Array<{ month: string; bookings: number }>; label: string }) {
  return (
    <BarChart
      h={260}
      data={rows}
      dataKey="month"
      gridAxis="y"
      tickLine="y"
      yAxisProps={{ allowDecimals: false }}
      series={[{ name: 'bookings', label, color: 'ocean.6' }]}
    />
  )
}

export function RevenueChart({
  rows,
  label,
  money,
}: {
  rows: Array<{ month: string; revenue: number }>
  label: string
  money: (n: number) => string
}) {
  return (
    <AreaChart
      h={260}
      data={rows}
      dataKey="month"
      curveType="monotone"
      gridAxis="y"
      tickLine="y"
      fillOpacity={0.3}
      valueFormatter={money}
      yAxisProps={{ width: 105 }}
      series={[{ name: 'revenue', label, color: 'teal.6' }]}
    />
  )
}

/** Booked share of each of the next 30 days' room capacity, in percent. */
export function OccupancyChart({ rows, label }: { rows: Array<{ day: string; percent: number }>; label: string }) {
  return (
    <BarChart
      h={220}
      data={rows}
      dataKey="day"
      gridAxis="y"
      tickLine="y"
      yAxisProps={{ domain: [0, 100], width: 45 }}
      unit="%"
      series={[{ name: 'percent', label, color: 'violet.6' }]}
    />
  )
}
