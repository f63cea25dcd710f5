/**
 * The charts' look (DEPT-22, DEPT-23): colours are the theme's tokens, light shades that read on
 * the dark surfaces, and charts keep still for a user who prefers reduced motion.
 */
import { ChakraProvider } from '@chakra-ui/react'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { appSystem } from '../../../../src/app/theme'
import { useChartAnimation, useChartColours } from '../../../../src/features/department/chartLook'

const wrapper = ({ children }: { children: ReactNode }) => (
  <ChakraProvider value={appSystem()}>{children}</ChakraProvider>
)

/** Relative luminance (WCAG 2) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('the charts’ look', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('DEPT-22 every series colour is a theme token with at least 4.5:1 on the dark surface', () => {
    const { result } = renderHook(() => useChartColours(), { wrapper })
    const { grid, surface, ...series } = result.current
    expect(grid).toMatch(/^#[0-9a-f]{6}$/i)
    for (const [name, colour] of Object.entries(series)) {
      expect(colour, name).toMatch(/^#[0-9a-f]{6}$/i)
      expect(contrast(colour, '#0b0f14'), name).toBeGreaterThanOrEqual(4.5)
      expect(contrast(colour, surface), name).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('DEPT-23 charts animate, except for a user who prefers reduced motion', () => {
    expect(renderHook(() => useChartAnimation()).result.current).toBe(true)
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    )
    expect(renderHook(() => useChartAnimation()).result.current).toBe(false)
  })
})
