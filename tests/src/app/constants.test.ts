import { describe, expect, it } from 'vitest'
import * as constants from '../../../src/app/constants'

describe('the spec constants', () => {
  it('K-1 are defined once, in src/app/constants.ts, with the values of the spec', () => {
    expect({ ...constants }).toEqual({
      CLEANUP_WORD_THRESHOLD: 50,
      SEGMENTATION_SILENCE_MS: 600,
      TEXTAREA_MAX_HEIGHT_PX: 200,
      LOGIN_REDIRECT_DELAY_MS: 100,
      SIDEBAR_WIDTH: '24rem',
      SIDEBAR_TRANSITION_MS: 300,
      SECTION_MAX_HEIGHT_PX: 1000,
      PRIORITY_RANK: { stat: 0, urgent: 1, routine: 2 },
    })
  })

  it('K-1 the priority ranks cannot be changed at run time', () => {
    expect(Object.isFrozen(constants.PRIORITY_RANK)).toBe(true)
  })
})
