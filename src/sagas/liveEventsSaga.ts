/**
 * The live worklist (issue 16, EV-8): while a session lasts, one connection to the backend's event
 * stream (services/events/eventStream.ts), reconnected with backoff and `Last-Event-ID`. Each event
 * becomes `liveEvents/eventReceived` (serializable: the order as the backend sent it), and what it
 * means for the caches follows from that action alone, so replaying the log replays the patches:
 * - an order: its cached read and its entry in every cached list take it, as patches of what the
 *   caches hold, unless they already hold a newer report;
 * - a cleared conversation: that study's messages are read again;
 * - an order cancelled by the hospital (HL7 CA): it leaves every cached list;
 * - `reset` (a gap the server cannot fill): every order is read again, once.
 * A backend without the stream (the spec's) is asked once per session; nothing else changes.
 */
import { createAction } from '@reduxjs/toolkit'
import { eventChannel, type Channel, type EventChannel, type SagaIterator } from 'redux-saga'
import {
  actionChannel,
  call,
  delay,
  fork,
  getContext,
  put,
  race,
  select,
  take,
} from 'redux-saga/effects'
import { CANCELLED_STATUS, STREAM_EVENTS, type Id } from '../../contract'
import { sessionEnded } from '../features/auth'
import { sessionStarted } from '../shared/events'
import type { SessionTokenSource } from '../services/auth/sessionTokenSource'
import { baseApi } from '../services/api/baseApi'
import {
  dropFromLists,
  patchOrder,
  selectOrderById,
  type OrderCacheAccess,
} from '../services/api/orderCache'
import type { OrdersState } from '../services/api/ordersApi'
import { readOrder } from '../services/api/read/entities'
import {
  reconnectDelayMs,
  type EventStreamReader,
  type StreamEnd,
  type StreamEvent,
} from '../services/events/eventStream'

/** One event of the stream, as it came: its type, id, order id and order (raw JSON, or null). */
export const liveEventReceived = createAction<{
  type: string
  id: string
  orderId: Id | null
  order: unknown
}>('liveEvents/eventReceived')

/** The backend has no event stream: the worklist changes on reloads only, as the spec's does. */
export const liveEventsUnavailable = createAction('liveEvents/unavailable')

type Signal = { kind: 'event'; event: StreamEvent } | { kind: 'end'; end: StreamEnd }

/** One connection as a channel; closing the channel aborts the request. */
function connect(
  read: EventStreamReader,
  token: string | undefined,
  lastEventId: string | undefined,
): EventChannel<Signal> {
  return eventChannel<Signal>((emit) => {
    const abort = new AbortController()
    void read({
      token,
      lastEventId,
      signal: abort.signal,
      onEvent: (event) => {
        emit({ kind: 'event', event })
      },
    }).then((end) => {
      emit({ kind: 'end', end })
    })
    return () => {
      abort.abort()
    }
  })
}

function payloadOf(event: StreamEvent): ReturnType<typeof liveEventReceived>['payload'] {
  let data: unknown = null
  try {
    data = JSON.parse(event.data)
  } catch {
    // An event whose data is not JSON carries no order; its type may still matter (reset).
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
  const orderId = typeof record.order_id === 'string' ? record.order_id : null
  return { type: event.type, id: event.lastEventId, orderId, order: record.order ?? null }
}

/** Follows the stream until the backend says it has none (the caller stops it otherwise). */
export function* followLiveEvents(): SagaIterator {
  const session = (yield getContext('session')) as SessionTokenSource
  const read = (yield getContext('liveEvents')) as EventStreamReader
  let lastEventId: string | undefined
  let failures = 0
  for (;;) {
    const channel = (yield call(
      connect,
      read,
      session.getSessionToken(),
      lastEventId,
    )) as EventChannel<Signal>
    let end: StreamEnd
    try {
      for (;;) {
        const signal = (yield take(channel)) as Signal
        if (signal.kind === 'end') {
          end = signal.end
          break
        }
        lastEventId = signal.event.lastEventId || lastEventId
        if (signal.event.type === STREAM_EVENTS.ready) failures = 0
        yield put(liveEventReceived(payloadOf(signal.event)))
      }
    } finally {
      channel.close()
    }
    if (end.kind === 'unsupported') {
      yield put(liveEventsUnavailable())
      return
    }
    if (end.kind === 'stopped') return
    failures += 1
    yield delay(reconnectDelayMs(failures))
  }
}

const reportTime = (order: { report: { updated_at?: string | null } | null } | undefined) => {
  const time = order?.report?.updated_at ? Date.parse(order.report.updated_at) : NaN
  return Number.isNaN(time) ? null : time
}

/** What one event means for the caches (see the file's comment). */
export function* applyLiveEvent(action: ReturnType<typeof liveEventReceived>): SagaIterator {
  const { type, orderId, order: raw } = action.payload
  if (type === STREAM_EVENTS.reset) {
    yield put(baseApi.util.invalidateTags(['Order', 'Message']))
    return
  }
  if (!orderId) return
  if (type === 'conversation.cleared') {
    yield put(baseApi.util.invalidateTags([{ type: 'Message', id: orderId }]))
  }
  const read = readOrder(raw)
  if (!read.ok || read.value.id !== orderId) return
  const cached = (yield select((state: OrdersState) => selectOrderById(state, orderId))) as
    Parameters<typeof reportTime>[0] | undefined
  const had = reportTime(cached)
  const now = reportTime(read.value)
  // The stream reads an order when it hears of a change; an answer to this tab's own later write
  // may already be here. Never step back, except where the report is gone on purpose.
  const removed = type === 'conversation.cleared' || type === 'report.deleted'
  if (had !== null && (now === null ? !removed : now < had)) return
  // Patches of what the caches hold (queryResultPatched actions: a replayed log replays them);
  // a cache that does not hold the order is left alone, and no list is read again.
  const order = read.value
  yield put((dispatch: OrderCacheAccess['dispatch'], getState: () => OrdersState): void => {
    patchOrder({ dispatch, getState }, orderId, (draft) => {
      Object.assign(draft, order)
    })
    // Cancelled by the hospital (HL7 CA): it leaves every list; its own read keeps the status.
    if (order.status === CANCELLED_STATUS) dropFromLists({ dispatch, getState }, orderId)
  })
}

/** Events are applied one after the other: each compares itself with what the one before left. */
function* applyInOrder(): SagaIterator {
  const events = (yield actionChannel(liveEventReceived.type)) as Channel<
    ReturnType<typeof liveEventReceived>
  >
  for (;;) {
    const action = (yield take(events)) as ReturnType<typeof liveEventReceived>
    yield call(applyLiveEvent, action)
  }
}

/** One follower per session, stopped when the session ends. */
export function* watchLiveEvents(): SagaIterator {
  yield fork(applyInOrder)
  for (;;) {
    yield take(sessionStarted.type)
    yield race({ follow: call(followLiveEvents), ended: take(sessionEnded.type) })
  }
}
