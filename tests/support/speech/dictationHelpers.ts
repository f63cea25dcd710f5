/**
 * Helpers of the dictation tests: words to dictate, the trail of statuses the store went
 * through, and answers of the speech routes a test can hold back or replace.
 */
import { http, HttpResponse } from 'msw'
import { vi } from 'vitest'
import type { AppStore } from '../../../src/app/store'
import type { DictationStatus } from '../../../src/features/dictation'
import { selectDictationStatus } from '../../../src/features/dictation'
import { studySelected } from '../../../src/features/orders'
import type { RouteName } from '../../../contract'
import { routePattern } from '../msw/apiBackend'
import { server } from '../msw/server'

const VOCABULARY = [
  'the',
  'lungs',
  'are',
  'clear',
  'no',
  'focal',
  'consolidation',
  'or',
  'pleural',
  'effusion',
  'heart',
  'size',
  'is',
  'normal',
  'mediastinum',
  'unremarkable',
]

/** `count` words of plausible dictation. */
export function words(count: number, offset = 0): string {
  return Array.from({ length: count }, (_, i) => VOCABULARY[(i + offset) % VOCABULARY.length]).join(
    ' ',
  )
}

/** Every status the dictation slice takes, without repeats, from now on. */
export function statusTrail(store: AppStore): DictationStatus[] {
  const trail: DictationStatus[] = [selectDictationStatus(store.getState())]
  store.subscribe(() => {
    const status = selectDictationStatus(store.getState())
    if (trail.at(-1) !== status) trail.push(status)
  })
  return trail
}

/** Opens a study the way the sidebar does and waits until dictation is ready for it. */
export async function openStudy(store: AppStore, orderId = 'O1'): Promise<void> {
  store.dispatch(studySelected({ orderId }))
  await vi.waitFor(() => {
    if (store.getState().dictation.orderId !== orderId) throw new Error('not this study yet')
    const status = selectDictationStatus(store.getState())
    if (status !== 'idle' && status !== 'unavailable') throw new Error(`dictation is ${status}`)
  })
}

export async function waitForStatus(store: AppStore, status: DictationStatus): Promise<void> {
  await vi.waitFor(() => {
    const current = selectDictationStatus(store.getState())
    if (current !== status) throw new Error(`dictation is ${current}, not ${status}`)
  })
}

/** A route answers with `body` (and `status`) for the rest of the test; returns the bodies it got. */
export function answer(route: RouteName, body: Record<string, unknown>, status = 200): unknown[] {
  const received: unknown[] = []
  server.use(
    http.all(routePattern(route), async ({ request }) => {
      const text = await request.text()
      received.push(text === '' ? null : (JSON.parse(text) as unknown))
      return new HttpResponse(JSON.stringify(body), {
        status,
        statusText: STATUS_TEXT[status] ?? 'OK',
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
  return received
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/**
 * The next requests to `route` wait until `release` is called, then get the in-memory
 * backend's answer (or `respond`'s). Lets a test look at the screen while a call is pending.
 */
export function holdRoute(route: RouteName): { release: () => void; held: () => number } {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let held = 0
  server.use(
    http.all(routePattern(route), async () => {
      held += 1
      await gate
      // Falls through to the in-memory backend's handler.
      return undefined
    }),
  )
  return { release, held: () => held }
}
