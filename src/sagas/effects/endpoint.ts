/**
 * The one way a saga calls the API: `callEndpoint` starts an RTK Query request, waits for its
 * answer (throwing the failure, as `unwrap` does) and always releases what the request holds in
 * the store, so no saga repeats that bookkeeping or forgets it.
 *
 *   const order = yield* callEndpoint(ordersApi.endpoints.getOrder.initiate(orderId))
 *   // or, in a `yield call(...)`: (yield call(callEndpoint, thunk)) as Order
 *
 * An endpoint's `initiate` returns a thunk; dispatching it (through the thunk middleware that
 * RTK adds to every store) answers the request object. `runThunk` is that dispatch as a saga
 * effect, for the endpoint thunks and for the API module's own thunks (`orderRefreshUnderWay`).
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { call, put, type PutEffect } from 'redux-saga/effects'

/** Any thunk, whatever state and extra argument it reads: the store gives it both. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a thunk's state and extra are the store's own, unknown here and never read by this module
export type AnyThunk<R> = ThunkAction<R, any, any, UnknownAction>

/**
 * redux-saga's `put` is typed for plain actions, while the store it dispatches to also takes
 * thunks. This names that capability once, for the thunks alone; the value is `put` itself.
 */
const putThunk: <R>(thunk: AnyThunk<R>) => PutEffect = put as never

/** Dispatches a thunk and gives back what it returns. */
export function* runThunk<R>(thunk: AnyThunk<R>): SagaIterator<R> {
  return (yield putThunk(thunk)) as R
}

/** A query's request: released by unsubscribing (a no-op when started with `subscribe: false`). */
interface QueryRequest<T> {
  unwrap(): Promise<T>
  unsubscribe(): void
}

/** A mutation's request: released by removing its result (a no-op with `track: false`). */
interface MutationRequest<T> {
  unwrap(): Promise<T>
  reset(): void
}

type EndpointRequest<T> = QueryRequest<T> | MutationRequest<T>

type ResultOf<R> = R extends EndpointRequest<infer T> ? T : never

function release<T>(request: EndpointRequest<T>): void {
  if ('unsubscribe' in request) request.unsubscribe()
  else request.reset()
}

/** Starts the request, answers its data or throws its error, and releases it either way. */
export function* callEndpoint<R extends EndpointRequest<unknown>>(
  thunk: AnyThunk<R>,
): SagaIterator<ResultOf<R>> {
  const request = yield* runThunk(thunk)
  try {
    return (yield call(() => request.unwrap())) as ResultOf<R>
  } finally {
    release(request)
  }
}
