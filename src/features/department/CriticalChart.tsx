/**
 * 'Critical result communication' (DEPT-27): per day signed, the p50 and p90 of the minutes from
 * the first saved text stating a critical finding to its first recorded communication, and, as
 * text, how many such reports were signed with no communication recorded.
 */
import { Line, LineChart, ResponsiveContainer } from 'recharts'
import type { CriticalCommunicationStats } from '../../services/api/statsApi'
import { ChartFigure, NumbersTable } from './ChartFigure'
import { chartFrame, useChartLook } from './chartParts'
import { formatDay, formatMinutes } from './numbers'

export function uncommunicatedText(count: number): string {
  if (count === 0)
    return 'Every critical finding signed in this period has a recorded communication.'
  return count === 1
    ? '1 report stating a critical finding was signed without a recorded communication.'
    : `${String(count)} reports stating a critical finding were signed without a recorded communication.`
}

export function CriticalChart({ stats }: { stats: CriticalCommunicationStats }) {
  const { colours, animate } = useChartLook()
  const data = stats.days.map((day) => ({ day: day.day, p50: day.delay.p50, p90: day.delay.p90 }))
  const rows = [
    ...stats.days.map((day) => [
      formatDay(day.day),
      String(day.count),
      formatMinutes(day.delay.p50),
      formatMinutes(day.delay.p90),
      formatMinutes(day.max),
    ]),
    [
      'All days',
      String(stats.overall.count),
      formatMinutes(stats.overall.delay.p50),
      formatMinutes(stats.overall.delay.p90),
      '',
    ],
  ]
  return (
    <ChartFigure
      title="Critical result communication"
      empty={stats.days.length === 0}
      emptyText="No communicated critical findings in this period."
      note={
        stats.days.length > 0 || stats.uncommunicated > 0
          ? uncommunicatedText(stats.uncommunicated)
          : undefined
      }
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} accessibilityLayer={false}>
            {chartFrame({ colours, xKey: 'day', xFormat: formatDay, unit: ' min' })}
            <Line dataKey="p50" stroke={colours.teal} strokeWidth={2} isAnimationActive={animate} />
            <Line
              dataKey="p90"
              stroke={colours.orange}
              strokeDasharray="6 4"
              isAnimationActive={animate}
            />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption="Minutes from a critical finding's first saved statement to its communication, per day signed"
          columns={['Day', 'Communicated', 'p50', 'p90', 'Longest']}
          rows={rows}
        />
      }
    />
  )
}
