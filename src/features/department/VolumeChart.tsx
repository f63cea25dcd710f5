/**
 * 'Studies per hour' (DEPT-26): orders placed and reports signed in each hour of the period, in
 * the department's time zone. The table lists the hours with any study (the others hold 0).
 */
import { Bar, BarChart, ResponsiveContainer } from 'recharts'
import type { VolumeStats } from '../../services/api/statsApi'
import { ChartFigure, NumbersTable } from './ChartFigure'
import { chartFrame, useChartLook } from './chartParts'
import { formatHour } from './numbers'

export function VolumeChart({ stats }: { stats: VolumeStats }) {
  const { colours, animate } = useChartLook()
  const busy = stats.hours.filter((hour) => hour.ordered > 0 || hour.signed > 0)
  const hourLabel = (iso: string) => formatHour(iso, stats.time_zone)
  const data = stats.hours.map((hour) => ({
    hour: hour.hour,
    Ordered: hour.ordered,
    Signed: hour.signed,
  }))
  return (
    <ChartFigure
      title="Studies per hour"
      empty={busy.length === 0}
      emptyText="No studies ordered or signed in this period."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false}>
            {chartFrame({ colours, xKey: 'hour', xFormat: hourLabel })}
            <Bar dataKey="Ordered" fill={colours.blue} isAnimationActive={animate} />
            <Bar dataKey="Signed" fill={colours.teal} isAnimationActive={animate} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption={`Studies ordered and signed per hour (${stats.time_zone || 'UTC'}); hours without studies are left out`}
          columns={['Hour', 'Ordered', 'Signed']}
          rows={busy.map((hour) => [
            hourLabel(hour.hour),
            String(hour.ordered),
            String(hour.signed),
          ])}
        />
      }
    />
  )
}
