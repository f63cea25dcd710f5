/**
 * The department's tracked follow-ups (FU-13..FU-17): GET /follow-ups a page at a time, overdue
 * first, with how many match; PATCH /follow-ups/{id} completes or declines one by hand, with a
 * reason, answering the item as it now reads.
 */
import {
  FOLLOW_UP_PAGE,
  type FollowUp,
  type FollowUpPage,
  type FollowUpResolution,
  type FollowUpStatus,
} from '../../contract'
import type { Queryable } from '../db/client'
import { NotFound } from '../domain/errors'
import { displayName, type Actor } from '../repo/audit'
import { resolveFollowUp as closeFollowUp } from '../repo/followUps'
import {
  decodeFollowUpCursor,
  encodeFollowUpCursor,
  followUpCount,
  followUpPage,
  type FollowUpFilter,
  type Today,
} from '../repo/followUpsList'
import type { UseCaseContext } from './context'

export interface FollowUpsContext extends UseCaseContext {
  /** DEPARTMENT_TIME_ZONE: the day a window ends is over at midnight there. */
  timeZone: string
}

/** GET /follow-ups's query, as the contract validated it. */
export interface FollowUpQuery {
  status?: FollowUpStatus[] | undefined
  patient?: string | undefined
  order?: string | undefined
  modality?: string[] | undefined
  due_after?: string | undefined
  due_before?: string | undefined
  cursor?: string | undefined
  limit?: number | undefined
}

const todayOf = (ctx: FollowUpsContext): Today => ({ now: ctx.now(), timeZone: ctx.timeZone })

/** FU-13, FU-14: one page in the list's order, the next page's cursor, and the total. */
export async function listFollowUps(
  ctx: FollowUpsContext,
  query: FollowUpQuery,
): Promise<FollowUpPage> {
  const after = query.cursor === undefined ? undefined : decodeFollowUpCursor(query.cursor)
  const limit = query.limit ?? FOLLOW_UP_PAGE.defaultLimit
  const filter: FollowUpFilter = {
    statuses: query.status,
    patientId: query.patient,
    sourceOrderId: query.order,
    modalities: query.modality,
    dueAfter: query.due_after,
    dueBefore: query.due_before,
  }
  const today = todayOf(ctx)
  // One more than asked: whether another page follows.
  const rows = await followUpPage(ctx.db, filter, today, limit + 1, after)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map((row) => row.item),
    next_cursor: rows.length > limit && last ? encodeFollowUpCursor(last.cursor) : null,
    total: await followUpCount(ctx.db, filter, today),
  }
}

/** One follow-up as the list reads it (404 when there is none). */
export async function readFollowUp(db: Queryable, id: string, today: Today): Promise<FollowUp> {
  const [row] = await followUpPage(db, { id }, today, 1)
  if (!row) throw new NotFound('The follow-up')
  return row.item
}

export interface FollowUpChange {
  status: FollowUpResolution
  reason: string
  order_id?: string | undefined
}

/** FU-15..FU-17: closed by hand in one transaction; of two colleagues at once, one wins. */
export async function resolveFollowUp(
  ctx: FollowUpsContext,
  id: string,
  change: FollowUpChange,
  actor: Actor,
): Promise<FollowUp> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now()
    const name = await displayName(tx, actor)
    await closeFollowUp(
      tx,
      id,
      { status: change.status, reason: change.reason, orderId: change.order_id },
      { actor, name },
      at,
    )
    return readFollowUp(tx, id, todayOf(ctx))
  })
}
