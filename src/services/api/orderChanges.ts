/**
 * "An order changed" (EV-12): whatever told the SPA of a change to an order (the live stream, a
 * claim's answer, Next study's answer, a report write's answer, a sent message, a cleared
 * conversation), the caller says what it knows, and nothing else:
 *
 *   dispatch(changeOrder({ orderId, source: 'stream', order }))   // the order as the server has it
 *   dispatch(changeOrder({ orderId, source: 'claim', fields: { claimed_by: holder } }))
 *
 * `changeOrder` is the action `orders/orderChanged` (src/shared/events.ts): the fact. One saga
 * turns it into the cache patches it means (src/sagas/orderChangesSaga.ts, with
 * orderChangePatches.ts), in place and at once, as the action is dispatched; a saga puts it, an
 * endpoint's lifecycle dispatches it. The patches come with the workspace's flows, so the first
 * screen carries only this.
 */
import { orderChanged } from '../../shared/events'

export type { OrderChange } from '../../shared/events'

export const changeOrder = orderChanged
