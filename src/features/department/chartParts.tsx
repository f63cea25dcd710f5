/**
 * What the four charts share (DEPT-22): the grid, the axes and the tooltip in the theme's dark
 * colours, and the animation switched off for reduced motion.
 */
import type { ReactElement } from 'react'
import { CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { useChartAnimation, useChartColours, type Shade } from './chartLook'

export function useChartLook() {
  const colours = useChartColours()
  const animate = useChartAnimation()
  return { colours, animate }
}

/**
 * The grid, the x axis on `xKey`, a y axis (`unit` after each tick), the tooltip and the legend,
 * as elements the chart holds directly (a function, not a component: the chart finds its parts).
 */
export function chartFrame({
  colours,
  xKey,
  xFormat,
  unit,
}: {
  colours: Record<Shade, string>
  xKey: string
  xFormat?: (value: string) => string
  unit?: string
}): ReactElement[] {
  const tick = { fill: colours.axis, fontSize: 12 }
  return [
    <CartesianGrid key="grid" stroke={colours.grid} strokeDasharray="3 3" />,
    <XAxis
      key="x"
      dataKey={xKey}
      stroke={colours.axis}
      tick={tick}
      {...(xFormat ? { tickFormatter: xFormat } : {})}
    />,
    <YAxis key="y" stroke={colours.axis} tick={tick} {...(unit ? { unit } : {})} />,
    <Tooltip
      key="tooltip"
      contentStyle={{ background: colours.surface, borderColor: colours.grid, color: colours.text }}
      labelStyle={{ color: colours.text }}
      {...(xFormat ? { labelFormatter: (label: unknown) => xFormat(String(label)) } : {})}
    />,
    <Legend key="legend" wrapperStyle={{ color: colours.text, fontSize: 12 }} />,
  ]
}
