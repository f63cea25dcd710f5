/**
 * What the FHIR server's token endpoint keeps in the database (INT-88, INT-89), so every server
 * instance on it agrees: the HS256 secret its access tokens are signed with (created on first
 * use, in `settings`), and each client assertion's `jti`, counted in a window as long as an
 * assertion may live, so a replayed assertion is refused on any instance.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, like, lt } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { settings, signInFailures } from '../db/schema'
import { countInWindow } from '../db/windowCounters'

export const FHIR_TOKEN_SECRET_SETTING = 'fhir_token_secret'

const SECRET_BYTES = 32

const ASSERTION_KEY = 'fhir-jti:'

export async function loadOrCreateFhirTokenSecret(db: Queryable): Promise<Uint8Array> {
  // Two instances starting together both try to insert; the first wins and both read it back.
  await db
    .insert(settings)
    .values({
      key: FHIR_TOKEN_SECRET_SETTING,
      value: randomBytes(SECRET_BYTES).toString('base64url'),
    })
    .onConflictDoNothing({ target: settings.key })
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, FHIR_TOKEN_SECRET_SETTING))
  if (!row) throw new Error(`The "${FHIR_TOKEN_SECRET_SETTING}" setting could not be created`)
  return new Uint8Array(Buffer.from(row.value, 'base64url'))
}

/**
 * True the first time a client's assertion id is seen within `windowSeconds`; false for a replay.
 * The key names the client and the jti, never a token.
 */
export async function firstUseOfAssertion(
  db: Queryable,
  clientId: string,
  jti: string,
  now: Date,
  windowSeconds: number,
): Promise<boolean> {
  const { count } = await countInWindow(
    db,
    `${ASSERTION_KEY}${clientId}:${jti}`,
    now,
    windowSeconds,
  )
  return count === 1
}

/**
 * Forgets the assertion ids first seen before `before` (INT-93): each token request leaves one,
 * and one whose window has passed refuses nothing any more (its assertion has expired), so the
 * table does not grow with every token a system client asks for. Answers how many went.
 */
export async function forgetSpentAssertions(db: Queryable, before: Date): Promise<number> {
  const gone = await db
    .delete(signInFailures)
    .where(
      and(
        like(signInFailures.key, `${ASSERTION_KEY}%`),
        lt(signInFailures.windowStartedAt, before),
      ),
    )
    .returning({ key: signInFailures.key })
  return gone.length
}
