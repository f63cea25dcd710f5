/**
 * 'Turnaround' (DEPT-25): ordered to signed per day, p50 (solid) and p90 (dashed), a line per
 * group (priority or modality); its table holds every stage, ordered to first opened and first
 * opened to signed too, per day and over the whole period.
 */
import { Line, LineChart, ResponsiveContainer } from 'recharts'
import type { TurnaroundStats } from '../../services/api/statsApi'
import { groupColour } from './chartLook'
import { ChartFigure, NumbersTable } from './ChartFigure'
import { chartFrame, useChartLook } from './chartParts'
import { formatDay, formatMinutes } from './numbers'

type Row = TurnaroundStats['overall'][number]

const stages = (row: Row) =>
  [row.ordered_to_opened, row.opened_to_signed, row.ordered_to_signed].flatMap((stage) => [
    formatMinutes(stage.p50),
    formatMinutes(stage.p90),
  ])

export const TURNAROUND_COLUMNS = [
  'Day',
  'Group',
  'Signed',
  'Ordered to opened p50',
  'Ordered to opened p90',
  'Opened to signed p50',
  'Opened to signed p90',
  'Ordered to signed p50',
  'Ordered to signed p90',
] as const

export function TurnaroundChart({ stats }: { stats: TurnaroundStats }) {
  const { colours, animate } = useChartLook()
  const groups = stats.overall.map((row) => row.group)
  const byDay = new Map<string, Record<string, number | string | null>>()
  for (const row of stats.days) {
    const point = byDay.get(row.day) ?? { day: row.day }
    point[`${row.group} p50`] = row.ordered_to_signed.p50
    point[`${row.group} p90`] = row.ordered_to_signed.p90
    byDay.set(row.day, point)
  }
  const rows = [
    ...stats.days.map((row) => [formatDay(row.day), row.group, String(row.count), ...stages(row)]),
    ...stats.overall.map((row) => ['All days', row.group, String(row.count), ...stages(row)]),
  ]
  return (
    <ChartFigure
      title="Turnaround"
      empty={stats.days.length === 0}
      emptyText="No signed reports in this period."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={[...byDay.values()]} accessibilityLayer={false}>
            {chartFrame({ colours, xKey: 'day', xFormat: formatDay, unit: ' min' })}
            {groups.flatMap((group, i) => [
              <Line
                key={`${group} p50`}
                dataKey={`${group} p50`}
                stroke={groupColour(colours, group, i)}
                strokeWidth={2}
                connectNulls
                isAnimationActive={animate}
              />,
              <Line
                key={`${group} p90`}
                dataKey={`${group} p90`}
                stroke={groupColour(colours, group, i)}
                strokeDasharray="6 4"
                connectNulls
                isAnimationActive={animate}
              />,
            ])}
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption={`Turnaround in minutes by ${stats.by}, per day signed and over the period`}
          columns={TURNAROUND_COLUMNS}
          rows={rows}
        />
      }
    />
  )
}
