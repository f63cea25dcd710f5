/** Columns every table of the schema writes alike. */
import { timestamp } from 'drizzle-orm/pg-core'

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
