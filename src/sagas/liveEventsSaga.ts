/**
 * The live worklist (EV-8): while a session lasts, one connection to the backend's event
 * stream (services/events/eventStream.ts), reconnected with backoff and `Last-Event-ID`. Each event
 * becomes `liveEvents/eventReceived` (serializable: the order as the backend sent it), and what it
 * means for the caches follows from that action alone, so replaying the log replays the patches:
 * - an order: it goes to `changeOrder` (services/api/orderChanges.ts), the one place a change to
 *   an order reaches the caches: its cached read and its entry in every cached list take it, a
 *   list it now belongs in takes it in its place (EV-10), one cancelled by the hospital loses it;
 * - new messages in a study (EV-9): that study's messages are read again, so a colleague's
 *   message and its reply show in an open chat; not while this tab's own send to the study is on
 *   its way (its answer reads them, and the message would show twice meanwhile);
 * - a cleared conversation: that study's messages are read again;
 * - `reset` (a gap the server cannot fill): every order is read again, once.
 * A backend without the stream (the spec's) is asked once per session; nothing else changes.
 * A 401 for a session token that by its own expiry is still good means the server ended the
 * sign-in (logged out everywhere from another tab or device, SEC-26): the tab goes to /login as
 * any other 401 does (API-3) instead of asking again and again until its refresh fails.
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
import { STREAM_EVENTS, type Id } from '../../contract'
import { sessionEnded } from '../features/auth'
import { selectIsSending } from '../features/conversation'
import { selectViewerId } from '../features/orders'
import { sessionStarted } from '../shared/events'
import { tokenExpiry, type SessionTokenSource } from '../services/auth/sessionTokenSource'
import { baseApi, LOGIN_PATH } from '../services/api/baseApi'
import type { Clock } from '../services/clock'
import type { PageNavigator } from '../services/navigation'
import { changeOrder } from '../services/api/orderChanges'
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

/**
 * A token with more than this left is not one a refresh is about to replace (the SDK refreshes
 * 20 s before expiry, and the server allows 5 s of clock skew).
 */
const STILL_GOOD_MS = 30_000

/** Whether a 401 for `token` means the sign-in is over, not that the token is being replaced. */
function signInEnded(token: string | undefined, nowMs: number): boolean {
  const expiry = token === undefined ? undefined : tokenExpiry(token)
  return expiry !== undefined && expiry - nowMs > STILL_GOOD_MS
}

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
    const token = session.getSessionToken()
    const channel = (yield call(connect, read, token, lastEventId)) as EventChannel<Signal>
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
    if (end.kind === 'unauthorized') {
      const clock = (yield getContext('clock')) as Clock
      if (signInEnded(token, clock.now())) {
        const navigator = (yield getContext('navigator')) as PageNavigator
        if (navigator.currentPath() !== LOGIN_PATH) navigator.assign(LOGIN_PATH)
        return
      }
    }
    failures += 1
    yield delay(reconnectDelayMs(failures))
  }
}

/** What one event means for the caches (see the file's comment). */
export function* applyLiveEvent(action: ReturnType<typeof liveEventReceived>): SagaIterator {
  const { type, orderId, order: raw } = action.payload
  if (type === STREAM_EVENTS.reset) {
    yield put(baseApi.util.invalidateTags(['Order', 'Message']))
    return
  }
  if (!orderId) return
  const messagesChanged =
    type === 'conversation.cleared' ||
    (type === 'conversation.message' && !((yield select(selectIsSending, orderId)) as boolean))
  if (messagesChanged) yield put(baseApi.util.invalidateTags([{ type: 'Message', id: orderId }]))
  const read = readOrder(raw)
  if (!read.ok || read.value.id !== orderId) return
  yield put(
    changeOrder({
      orderId,
      source: 'stream',
      order: read.value,
      // Never step back to an older report, except where the report is gone on purpose.
      reportRemoved: type === 'conversation.cleared' || type === 'report.deleted',
      viewerId: (yield select(selectViewerId)) as Id | null,
    }),
  )
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
