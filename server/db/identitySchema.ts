/** The local identity service's tables: users, refresh tokens, counters and server settings. */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { UserRole } from '../../contract'
import { createdAt } from './schemaColumns'

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** Lower-cased e-mail address. */
  loginId: text('login_id').notNull().unique(),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  /** scrypt$N$r$p$salt$hash, base64 parts. */
  passwordHash: text('password_hash').notNull(),
  /**
   * RL-1: what the account may do. The first account is admin and radiologist, every later one a
   * radiologist until an admin says otherwise (migration 0014 gives the oldest account admin).
   */
  roles: jsonb('roles').$type<UserRole[]>().notNull().default(['radiologist']),
  /** RL-3: a deactivated account cannot sign in, and its sessions end at once. */
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
})

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** The token's `jti`. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The jti that replaced this one on rotation. */
    replacedBy: text('replaced_by'),
    /**
     * The sign-in this token descends from: the id of the chain's first token, shared by every
     * token rotation issued after it. Session tokens carry it (`sid`), so ending the family ends
     * them too.
     */
    familyId: text('family_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
)

/** Counters in fixed windows per key, for the sign-in, sign-up and write limits (server/db/windowCounters.ts). */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
})

/** Server-wide secrets and settings that must survive a restart (the JWT signing key). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
