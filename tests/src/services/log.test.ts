import { describe, expect, it } from 'vitest'
import { createConsoleLogger } from '../../../src/services/log'

describe('the console logger', () => {
  it('writes events at or above its level, with their detail', () => {
    const written: unknown[][] = []
    const target = {
      debug: (...data: unknown[]) => written.push(['debug', ...data]),
      info: (...data: unknown[]) => written.push(['info', ...data]),
      warn: (...data: unknown[]) => written.push(['warn', ...data]),
      error: (...data: unknown[]) => written.push(['error', ...data]),
    }
    const logger = createConsoleLogger('info', target)

    logger.debug('noise')
    logger.info('auth/sessionStarted')
    logger.error('api/requestFailed', { status: 500 })

    expect(written).toEqual([
      ['info', '[readout] auth/sessionStarted'],
      ['error', '[readout] api/requestFailed', { status: 500 }],
    ])
  })
})
