/**
 * Critical result communications (issue 18) of the in-memory /api/v1: each order's records,
 * refused as the real server refuses them (400 on a bad body, 404 on an unknown order).
 */
import { HttpResponse, type HttpHandler } from 'msw'
import {
  communicationRequestSchema,
  type Communication,
  type Order,
  type RouteName,
} from '../../../contract'
import { FIXED_TIME } from './data'

type Responder = (input: {
  params: Record<string, string | readonly string[] | undefined>
  body: unknown
}) => Response

export function signingHandlers(
  backend: { orders: Order[]; communications: Map<string, Communication[]> },
  handle: (route: RouteName, respond: Responder) => HttpHandler,
  clinician: { user_id: string; name: string },
) {
  const orderOf = (id: unknown) => backend.orders.find((order) => order.id === id)
  const missing = () =>
    HttpResponse.json({ error: 'not_found', message: 'order not found' }, { status: 404 })
  return [
    handle('listCommunications', ({ params }) => {
      const order = orderOf(params.id)
      if (!order) return missing()
      return HttpResponse.json(backend.communications.get(order.id) ?? [])
    }),
    handle('recordCommunication', ({ params, body }) => {
      const order = orderOf(params.id)
      if (!order) return missing()
      const parsed = communicationRequestSchema.safeParse(body)
      if (!parsed.success)
        return HttpResponse.json(
          { error: 'bad_request', message: 'invalid communication' },
          { status: 400 },
        )
      const list = backend.communications.get(order.id) ?? []
      const record: Communication = {
        id: `CR${String(list.length + 1)}`,
        ...parsed.data,
        recorded_by: clinician,
        recorded_at: FIXED_TIME,
      }
      backend.communications.set(order.id, [...list, record])
      return HttpResponse.json(record, { status: 201 })
    }),
  ]
}
