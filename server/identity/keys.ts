/**
 * The HS256 secret that signs local session and refresh tokens. It is created on first start
 * and kept in the `settings` table, so tokens survive a restart and every server instance on
 * the same database signs and verifies with the same key.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { settings } from '../db/schema'

export const JWT_SECRET_SETTING = 'jwt_secret'

/** 256 bits: the HS256 key should be as long as the hash output. */
const SECRET_BYTES = 32

export interface LocalIdentityKeys {
  /** HS256 secret. */
  readonly secret: Uint8Array
}

function decodeSecret(value: string): Uint8Array {
  const bytes = Buffer.from(value, 'base64url')
  if (bytes.length < SECRET_BYTES) {
    throw new Error(
      `The stored "${JWT_SECRET_SETTING}" setting is shorter than ${SECRET_BYTES} bytes; delete the row to create a new secret (every user will have to sign in again).`,
    )
  }
  return new Uint8Array(bytes)
}

export async function loadOrCreateSigningKeys(db: Queryable): Promise<LocalIdentityKeys> {
  // Two instances starting together on a fresh database both try to insert; the first wins and
  // both read the winner back.
  await db
    .insert(settings)
    .values({ key: JWT_SECRET_SETTING, value: randomBytes(SECRET_BYTES).toString('base64url') })
    .onConflictDoNothing({ target: settings.key })
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, JWT_SECRET_SETTING))
  if (!row) throw new Error(`The "${JWT_SECRET_SETTING}" setting could not be created`)
  return { secret: decodeSecret(row.value) }
}
