/** EV-6: the SPA's Server-Sent Events reader parses frames as the HTML standard does. */
import { describe, expect, it } from 'vitest'
import { createSseReader } from '../../../../src/services/events/sseFrames'

describe('the event-stream reader', () => {
  it('EV-6 hands over complete events whatever the chunks, with the last event id', () => {
    const reader = createSseReader()
    const text =
      ': open\n\nid: 7.1\nevent: order.claimed\ndata: {"a":1}\n\nid: 7\r\nevent: ready\r\ndata: x\r\ndata: y\r\n\r\ndata: plain\n\n'
    const events = Array.from(text, (char) => reader.push(char)).flat()
    expect(events).toEqual([
      { type: 'order.claimed', data: '{"a":1}', lastEventId: '7.1' },
      { type: 'ready', data: 'x\ny', lastEventId: '7' },
      { type: 'message', data: 'plain', lastEventId: '7' },
    ])
    expect(reader.lastEventId()).toBe('7')
  })

  it('EV-6 skips comments, unknown fields and events without data; keeps an id given at the start', () => {
    const reader = createSseReader('3.2')
    expect(reader.push('retry: 10\nfoo: bar\n: keep-alive\n\nevent: empty\n\n')).toEqual([])
    expect(reader.lastEventId()).toBe('3.2')
    expect(reader.push('data:no space\n\n')).toEqual([
      { type: 'message', data: 'no space', lastEventId: '3.2' },
    ])
  })
})
