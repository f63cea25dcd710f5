/** CH-1: message times read like '3:05 pm', in the clinician's local time. */
import { describe, expect, it } from 'vitest'
import { formatClockTime as formatMessageTime } from '../../../src/shared/clockTime'

/** An instant given in local time, as the server's UTC timestamp would carry it. */
const localIso = (hours: number, minutes: number) =>
  new Date(2025, 2, 4, hours, minutes, 30).toISOString()

describe('formatMessageTime', () => {
  it('CH-1 an afternoon time has no leading zero and a lower-case pm', () => {
    expect(formatMessageTime(localIso(15, 5))).toBe('3:05 pm')
  })

  it('CH-1 noon is 12 pm and the minute after midnight is 12 am', () => {
    expect(formatMessageTime(localIso(12, 0))).toBe('12:00 pm')
    expect(formatMessageTime(localIso(0, 5))).toBe('12:05 am')
  })

  it('CH-1 the morning and the last minute of the day', () => {
    expect(formatMessageTime(localIso(9, 41))).toBe('9:41 am')
    expect(formatMessageTime(localIso(11, 59))).toBe('11:59 am')
    expect(formatMessageTime(localIso(23, 59))).toBe('11:59 pm')
  })

  it('CH-1 a UTC timestamp is shown in the local time zone', () => {
    const zone = process.env.TZ
    try {
      process.env.TZ = 'America/New_York'
      expect(formatMessageTime('2025-03-04T15:05:00.000Z')).toBe('10:05 am')
      process.env.TZ = 'Asia/Kolkata'
      expect(formatMessageTime('2025-03-04T15:05:00.000Z')).toBe('8:35 pm')
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('CH-1 an unreadable timestamp shows no time rather than "NaN"', () => {
    expect(formatMessageTime('not a time')).toBe('')
  })
})
