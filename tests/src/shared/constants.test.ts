import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as constants from '../../../src/shared/constants'

describe('the spec constants', () => {
  it('K-1 are defined once, in src/shared/constants.ts, with the values of the spec', () => {
    expect({ ...constants }).toEqual({
      CLEANUP_WORD_THRESHOLD: 50,
      SEGMENTATION_SILENCE_MS: 600,
      TEXTAREA_MAX_HEIGHT_PX: 200,
      LOGIN_REDIRECT_DELAY_MS: 100,
      SIDEBAR_WIDTH: '24rem',
      SIDEBAR_TRANSITION_MS: 300,
      SECTION_MAX_HEIGHT_PX: 1000,
      PRIORITY_RANK: { stat: 0, urgent: 1, routine: 2 },
      // SEC-8: the idle warning lasts 60 s before the automatic sign-out.
      IDLE_WARNING_SECONDS: 60,
    })
  })

  it('K-1 the priority ranks cannot be changed at run time', () => {
    expect(Object.isFrozen(constants.PRIORITY_RANK)).toBe(true)
  })
})

/**
 * K-1 says "defined once, in one module": the values above must not be written again anywhere
 * else in the SPA. A spec value repeated as a literal would drift the day the spec changes.
 */
const REPEATED_SPEC_VALUES: readonly (readonly [string, RegExp])[] = [
  ['sidebar width 24rem', /['"`]24rem['"`]/],
  ['section cap 1000px', /\b1000px\b|maxH(?:eight)?=\{?\s*1000\b/],
  ['text area cap 200 px', /\b200px\b|maxH(?:eight)?=\{?\s*200\b/],
  ['sidebar slide 300 ms', /\b300ms\b|0\.3s\b/],
  ['cleanup threshold 50 words', /(?:>=|<=|<|>)\s*50\b/],
  ['login redirect 100 ms', /delay\(\s*100\s*\)|setTimeout\([^)]*,\s*100\s*\)/],
  ['segmentation silence 600 ms', /SegmentationSilence[^\n]*\b600\b/],
  ['priority ranks', /\bstat\s*:\s*0\b|\burgent\s*:\s*1\b|\broutine\s*:\s*2\b/],
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the spec constants in the source', () => {
  it('K-1 no other module of the SPA writes a spec value again', () => {
    // The web project runs in jsdom, whose import.meta.url is not a file: URL; Vitest runs from the
    // repository root.
    const src = join(process.cwd(), 'src')
    const repeats = sourceFiles(src)
      .filter((file) => relative(src, file) !== join('shared', 'constants.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            REPEATED_SPEC_VALUES.filter(([, pattern]) => pattern.test(line)).map(
              ([what]) => `${relative(src, file)}:${index + 1} repeats the ${what}: ${line.trim()}`,
            ),
          ),
      )
    expect(repeats).toEqual([])
  })
})
