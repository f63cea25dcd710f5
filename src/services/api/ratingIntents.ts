/**
 * What the clinician last chose as the rating of each reply, until the server is known to hold
 * it. Two races are closed here (CH-5, CH-6):
 * - calls for one message are sent one after another, in the order of the clicks: two calls in
 *   flight at once could reach the server in the other order and leave a rating the clinician
 *   took back (rate up, then clear it at once);
 * - a fetch of the conversation that started before a rating was stored answers with the rating
 *   from before. The messages endpoint puts the chosen rating back when such a fetch lands, in
 *   the same microtask, so no click can act on the stale value.
 *
 * This is control flow, like a saga's local variables: what reaches the store are ordinary
 * cache patches, so a recorded session replays without it. One registry per store, keyed by the
 * store's collaborators (the thunk extra argument).
 */
import type { Rating } from '../../../contract'

interface RatingIntent {
  orderId: string
  /** The end of this message's queue of calls. */
  tail: Promise<void>
  /** The request of the newest click; only it decides what is shown. */
  newest: string
  rating: Rating | null
  /** When the newest call succeeded (see `tick`); null while it is under way. */
  storedAt: number | null
  /** The newest call failed: the server's rating stands. */
  failed: boolean
}

const registries = new WeakMap<object, Map<string, RatingIntent>>()

/** A clock that only moves forward, one step per event; ties are impossible. */
let clock = 0
export function tick(): number {
  clock += 1
  return clock
}

function intentOf(owner: object, orderId: string, messageId: string): RatingIntent {
  let registry = registries.get(owner)
  if (!registry) {
    registry = new Map()
    registries.set(owner, registry)
  }
  let intent = registry.get(messageId)
  if (!intent) {
    intent = {
      orderId,
      tail: Promise.resolve(),
      newest: '',
      rating: null,
      storedAt: null,
      failed: false,
    }
    registry.set(messageId, intent)
  }
  return intent
}

/** Runs `call` after every earlier rating call of this message has ended. */
export function queueRatingCall<T>(
  owner: object,
  orderId: string,
  messageId: string,
  call: () => Promise<T>,
): Promise<T> {
  const intent = intentOf(owner, orderId, messageId)
  const result = intent.tail.then(call)
  intent.tail = result.then(
    () => undefined,
    () => undefined,
  )
  return result
}

/** The clinician clicked: `requestId` is now the newest choice for this message. */
export function ratingChosen(
  owner: object,
  request: { orderId: string; messageId: string; rating: Rating | null; requestId: string },
): void {
  const intent = intentOf(owner, request.orderId, request.messageId)
  Object.assign(intent, {
    newest: request.requestId,
    rating: request.rating,
    storedAt: null,
    failed: false,
  })
}

/** A call ended; answers whether it was the newest choice (the only one that counts). */
export function ratingCallEnded(
  owner: object,
  request: { orderId: string; messageId: string; requestId: string },
  outcome: 'stored' | 'failed',
): boolean {
  const intent = intentOf(owner, request.orderId, request.messageId)
  if (intent.newest !== request.requestId) return false
  if (outcome === 'stored') intent.storedAt = tick()
  else intent.failed = true
  return true
}

/**
 * The ratings a fetch of `orderId` that started at `fetchStartedAt` cannot know yet: chosen and
 * still on their way, or stored after the fetch started.
 */
export function ratingsNewerThan(
  owner: object,
  orderId: string,
  fetchStartedAt: number,
): Map<string, Rating | null> {
  const newer = new Map<string, Rating | null>()
  for (const [messageId, intent] of registries.get(owner) ?? []) {
    if (intent.orderId !== orderId || intent.failed || intent.newest === '') continue
    if (intent.storedAt === null || intent.storedAt > fetchStartedAt)
      newer.set(messageId, intent.rating)
  }
  return newer
}
