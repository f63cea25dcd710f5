/**
 * 'Follow-up completion' (DEPT-28): follow-ups by the month their window ends, stacked as
 * completed, declined, overdue and open, with the completion rate (completed of those no longer
 * open) as a line on its own axis and in the table.
 */
import { Bar, ComposedChart, Line, ResponsiveContainer, YAxis } from 'recharts'
import type { FollowUpStats } from '../../services/api/statsApi'
import { ChartFigure, NumbersTable } from './ChartFigure'
import { chartFrame, useChartLook } from './chartParts'
import { formatMonth, formatRate } from './numbers'

export function FollowUpChart({ stats }: { stats: FollowUpStats }) {
  const { colours, animate } = useChartLook()
  const data = stats.months.map((month) => ({
    month: month.month,
    Completed: month.completed,
    Declined: month.declined,
    Overdue: month.overdue,
    Open: month.open,
    'Completion rate':
      month.completion_rate === null ? null : Math.round(month.completion_rate * 100),
  }))
  const bar = (key: string, fill: string) => (
    <Bar key={key} dataKey={key} stackId="due" fill={fill} isAnimationActive={animate} />
  )
  return (
    <ChartFigure
      title="Follow-up completion"
      empty={stats.months.every((month) => month.due === 0)}
      emptyText="No follow-ups due in this period."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} accessibilityLayer={false}>
            {chartFrame({ colours, xKey: 'month', xFormat: formatMonth })}
            {bar('Completed', colours.green)}
            {bar('Declined', colours.purple)}
            {bar('Overdue', colours.red)}
            {bar('Open', colours.blue)}
            <YAxis
              yAxisId="rate"
              orientation="right"
              domain={[0, 100]}
              unit="%"
              stroke={colours.axis}
              tick={{ fill: colours.axis, fontSize: 12 }}
            />
            <Line
              yAxisId="rate"
              dataKey="Completion rate"
              stroke={colours.yellow}
              strokeWidth={2}
              connectNulls
              isAnimationActive={animate}
            />
          </ComposedChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption="Follow-ups by the month their window ends"
          columns={['Month', 'Due', 'Completed', 'Declined', 'Overdue', 'Open', 'Completion rate']}
          rows={stats.months.map((month) => [
            formatMonth(month.month),
            String(month.due),
            String(month.completed),
            String(month.declined),
            String(month.overdue),
            String(month.open),
            formatRate(month.completion_rate),
          ])}
        />
      }
    />
  )
}
