/**
 * The backend's live stream (GET /events) held open for a component test: it says `ready`, then
 * sends each event the test gives it, when the test gives it.
 */
import { http, HttpResponse } from 'msw'
import { vi } from 'vitest'
import { API_PREFIX, EVENTS_PATH, type OrderEventType } from '../../../contract'
import { server } from './server'

export interface LiveStream {
  /** Resolves once the app is connected. */
  connected(): Promise<void>
  /** Sends one event carrying `order` as the stream's data. */
  send(id: string, type: OrderEventType, orderId: string, order: unknown): void
}

export function serveLiveStream(): LiveStream {
  const encoder = new TextEncoder()
  let open: ReadableStreamDefaultController<Uint8Array> | undefined
  server.use(
    http.get(`${API_PREFIX}${EVENTS_PATH}`, () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('id: 7\nevent: ready\ndata: {"version":7}\n\n'))
          open = controller
        },
      })
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
    }),
  )
  return {
    connected: () =>
      vi.waitFor(() => {
        if (!open) throw new Error('the app has not connected to the live stream yet')
      }),
    send(id, type, orderId, order) {
      if (!open) throw new Error('the app is not connected to the live stream')
      const data = JSON.stringify({ order_id: orderId, order })
      open.enqueue(encoder.encode(`id: ${id}\nevent: ${type}\ndata: ${data}\n\n`))
    },
  }
}
