/**
 * The charts' look (DEPT-22, DEPT-23): colours taken from the theme's tokens (the SVG needs the
 * values, not CSS classes), light enough on the dark surfaces (the 300 and 400 shades: at least
 * 7:1 on bg), and no animation when the user asks the system for reduced motion.
 */
import { useChakraContext } from '@chakra-ui/react'
import { useEffect, useState } from 'react'

const SHADES = {
  axis: 'colors.gray.300',
  grid: 'colors.gray.700',
  surface: 'colors.gray.900',
  text: 'colors.gray.100',
  teal: 'colors.teal.300',
  orange: 'colors.orange.300',
  purple: 'colors.purple.300',
  blue: 'colors.blue.300',
  pink: 'colors.pink.300',
  green: 'colors.green.400',
  red: 'colors.red.400',
  yellow: 'colors.yellow.300',
} as const

export type Shade = keyof typeof SHADES

export function useChartColours(): Record<Shade, string> {
  const system = useChakraContext()
  return Object.fromEntries(
    Object.entries(SHADES).map(([name, token]) => [name, system.token(token, '#cbd5e1')]),
  ) as Record<Shade, string>
}

/** The colour of a turnaround group: a priority's own (WS-5), else one of a series. */
export function groupColour(colours: Record<Shade, string>, group: string, index: number): string {
  if (group === 'stat') return colours.red
  if (group === 'urgent') return colours.yellow
  if (group === 'routine') return colours.green
  const series: Shade[] = ['teal', 'orange', 'purple', 'blue', 'pink']
  return colours[series[index % series.length] ?? 'teal']
}

const REDUCED = '(prefers-reduced-motion: reduce)'

const reducedMotion = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED) : null

/** Whether charts may animate: not when the user prefers reduced motion. */
export function useChartAnimation(): boolean {
  const [reduced, setReduced] = useState(() => reducedMotion()?.matches ?? false)
  useEffect(() => {
    const query = reducedMotion()
    if (!query) return
    const changed = (event: MediaQueryListEvent) => {
      setReduced(event.matches)
    }
    query.addEventListener('change', changed)
    return () => {
      query.removeEventListener('change', changed)
    }
  }, [])
  return !reduced
}
