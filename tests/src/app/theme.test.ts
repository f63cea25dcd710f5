/**
 * LG-1 "dark theme": the theme is dark in both colour-scheme conditions, and text keeps WCAG AA
 * contrast (4.5:1) on every surface, so a reading room never gets a light or low-contrast page.
 * UI-1: a disabled button looks disabled, and stays readable.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { appSystem } from '../../../src/app/theme'

const CONDITIONS = ['_light', '_dark'] as const

/** The hex colour a token has under `condition`, following `{colors.x}` references. */
function resolveColor(name: string, condition: (typeof CONDITIONS)[number]): string {
  const conditions: unknown = appSystem().tokens.getByName(`colors.${name}`)?.extensions.conditions
  const conditional =
    typeof conditions === 'object' && conditions !== null && condition in conditions
      ? (conditions as Record<string, unknown>)[condition]
      : undefined
  const plain: unknown = appSystem().token(`colors.${name}`)
  const raw = typeof conditional === 'string' ? conditional : String(plain)
  const reference = /^\{colors\.(.+)\}$/.exec(raw)
  return reference ? resolveColor(reference[1]!, condition) : raw
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255)
  const [r, g, b] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('the theme', () => {
  it.each(CONDITIONS)('LG-1 is dark under the %s condition too', (condition) => {
    for (const surface of ['bg', 'bg.subtle', 'bg.muted', 'bg.panel']) {
      expect(luminance(resolveColor(surface, condition))).toBeLessThan(0.02)
    }
  })

  it.each(CONDITIONS)('LG-1 text has AA contrast on every surface (%s)', (condition) => {
    for (const text of [
      'fg',
      'fg.muted',
      'fg.subtle',
      'brand.fg',
      'priority.stat',
      'priority.urgent',
      'priority.routine',
    ]) {
      for (const surface of ['bg', 'bg.subtle', 'bg.muted', 'bg.panel']) {
        const ratio = contrast(resolveColor(text, condition), resolveColor(surface, condition))
        expect(ratio, `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5)
      }
    }
  })

  it.each(CONDITIONS)(
    'UI-1 a disabled button of every variant loses its colour, opaque, its text readable (%s)',
    (condition) => {
      type Styles = Record<string, string | undefined>
      const recipe = appSystem().getRecipe('button') as {
        base?: { _disabled?: Styles }
        variants?: { variant?: Record<string, { _disabled?: Styles }> }
      }
      expect(recipe.base?._disabled).toMatchObject({ opacity: '1', cursor: 'not-allowed' })
      const variants = Object.entries(recipe.variants?.variant ?? {})
      expect(variants.map(([name]) => name)).toEqual(
        expect.arrayContaining(['solid', 'subtle', 'surface', 'outline', 'ghost', 'plain']),
      )
      for (const [name, styles] of variants) {
        const disabled = styles._disabled ?? {}
        expect(disabled.color, name).toBe('fg.subtle')
        // A bare button shows the surface under it: fg.subtle is AA on each (LG-1).
        const background = disabled.bg === 'transparent' ? 'bg.muted' : (disabled.bg ?? '')
        const ratio = contrast(
          resolveColor('fg.subtle', condition),
          resolveColor(background, condition),
        )
        expect(ratio, `${name} disabled`).toBeGreaterThanOrEqual(4.5)
      }
    },
  )

  it('LG-1 the page starts dark, before any script runs', () => {
    const html = readFileSync(path.join(process.cwd(), 'index.html'), 'utf8')
    expect(html).toMatch(/<html[^>]*class="dark"/)
    expect(html).toMatch(/color-scheme: dark/)
  })
})
