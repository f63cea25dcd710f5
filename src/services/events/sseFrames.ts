/**
 * Server-Sent Events as the HTML standard parses them, for a stream read with fetch (the live
 * worklist sends its token in the Authorization header, which EventSource cannot): feed it text
 * as it arrives, in any chunks, and it hands over each complete event. Comments and fields it
 * does not know are skipped; `id` persists from one event to the next, as the last event id.
 */
export interface SseEvent {
  /** `message` when the event named none. */
  type: string
  data: string
  /** The last event id after this event (what `Last-Event-ID` sends on reconnection). */
  lastEventId: string
}

export interface SseReader {
  /** The events completed by `chunk`. */
  push(chunk: string): SseEvent[]
  lastEventId(): string
}

export function createSseReader(lastEventId = ''): SseReader {
  let buffer = ''
  let lastId = lastEventId
  let type = ''
  let data: string[] = []

  const line = (text: string, out: SseEvent[]) => {
    if (text === '') {
      if (data.length > 0)
        out.push({ type: type || 'message', data: data.join('\n'), lastEventId: lastId })
      type = ''
      data = []
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') type = value
    else if (field === 'data') data.push(value)
    else if (field === 'id' && !value.includes('\0')) lastId = value
  }

  return {
    push(chunk) {
      buffer += chunk
      const out: SseEvent[] = []
      // Lines end with CRLF, LF or CR; a CR at the very end may be half of a CRLF still to come.
      for (;;) {
        const match = /\r\n|\n|\r(?!$)/.exec(buffer)
        if (!match) break
        line(buffer.slice(0, match.index), out)
        buffer = buffer.slice(match.index + match[0].length)
      }
      return out
    },
    lastEventId: () => lastId,
  }
}
