/**
 * The live worklist of one instance (EV-1..EV-5, SEC-22..SEC-25): its hub, the sign-ins its
 * streams belong to (the local identity's), and the sweeper of claims and of the event log. Each
 * stops with the app: open streams end first (they would hold the server open), then the sweeper.
 */
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import type { ListenFn } from '../db/notifications'
import type { OrderLinks } from '../domain/studies'
import type { SessionFamilies } from '../identity/sessionFamilies'
import { startHousekeeping } from './housekeeping'
import { createEventHub, type EventHub } from './hub'
import { createStreamSessions, type StreamSessions } from './streamSessions'

/** A claim's sweep and the event log's pruning run this often on every instance. */
const HOUSEKEEPING_MS = 5_000

export interface LiveWorklistDeps {
  db: Database
  listen: ListenFn
  links: OrderLinks
  /** The local identity's sign-ins; null with an identity provider (its streams end by expiry). */
  families: SessionFamilies | null
  now: () => Date
  log: (message: string) => void
}

/** Starts the hub, the stream sessions and the sweeper, decorated as `app.liveEvents`. */
export async function startLiveWorklist(
  app: FastifyInstance,
  deps: LiveWorklistDeps,
): Promise<{ hub: EventHub; sessions: StreamSessions | null }> {
  const { db, listen, links, families, now, log } = deps
  const hub = await createEventHub({ db, listen, log, links })
  // SEC-22: a stream ends with its sign-in, on every instance.
  const sessions = families ? await createStreamSessions({ families, listen }) : null
  app.addHook('preClose', async () => {
    await sessions?.close()
  })
  const housekeeping = startHousekeeping({ db, now, everyMs: HOUSEKEEPING_MS, log })
  app.decorate('liveEvents', { hub, housekeeping, sessions })
  app.addHook('preClose', async () => {
    await hub.close()
  })
  app.addHook('onClose', async () => {
    await housekeeping.stop()
  })
  return { hub, sessions }
}
