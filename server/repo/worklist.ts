/**
 * The worklist: what a department works on. Orders whose report is not signed, and orders signed
 * within the last `WORKLIST_FINAL_DAYS`; older studies are found by search (`q`), which looks at
 * every order. Two reads:
 * - the whole worklist (GET /orders without parameters, the product spec's answer), built as
 *   one JSON array by the database together with the version it was built at (./worklistCache
 *   keeps it per version);
 * - one page of it (GET /orders?limit=…), keyset-paged in the worklist's order (priority, then
 *   longest waiting, then insertion), each page read through an index so it costs the same at a
 *   hundred orders or a million.
 */
import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import {
  CANCELLED_STATUS,
  FINAL_STATUS,
  ORDER_PAGE,
  type ListOrdersQuery,
  type Order,
  type OrderPage,
  type listOrdersQuerySchema,
} from '../../contract'
import type { z } from 'zod'
import type { Queryable } from '../db/client'
import { listVersions, orderClaims, orders, patients, reports } from '../db/schema'
import { Invalid } from '../domain/errors'
import { orderJson } from './mappers'

export const ORDERS_LIST = 'orders'
const DAY_MS = 86_400_000

/** Signed orders stay on the worklist when signed after this moment. */
export function signedSince(now: Date, finalDays: number): Date {
  return new Date(now.getTime() - finalDays * DAY_MS)
}

/** One named counter of `list_versions` (0 when it is not there). */
export async function listVersion(db: Queryable, name: string): Promise<number> {
  const [row] = await db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.name, name))
  return row?.version ?? 0
}

/** The version of everything the order lists hold (moved by every committed change to them). */
export const ordersVersion = (db: Queryable): Promise<number> => listVersion(db, ORDERS_LIST)

/** Cancelled orders (HL7 CA) are on no list unless `status=cancelled` asks for them. */
const notCancelled = ne(orders.status, CANCELLED_STATUS)

const onWorklist = (since: Date): SQL =>
  and(notCancelled, or(isNull(orders.finalizedAt), gt(orders.finalizedAt, since))) as SQL

export interface BuiltWorklist {
  version: number
  /** The worklist as JSON text, in insertion order, exactly as the database built it. */
  json: string
  /** When the soonest signed order on it leaves it (null: none will by time alone). */
  changesAt: Date | null
}

/**
 * The whole worklist and the version it was read at, in one statement (one snapshot: the list is
 * exactly the one of that version).
 */
export async function buildWorklist(
  db: Queryable,
  now: Date,
  finalDays: number,
): Promise<BuiltWorklist> {
  const since = signedSince(now, finalDays)
  const [row] = await db
    .select({
      version: sql<string>`(select ${listVersions.version} from ${listVersions} where ${listVersions.name} = ${ORDERS_LIST})`,
      json: sql<string>`coalesce(json_agg(${orderJson} order by ${orders.seq}), '[]')::text`,
      oldestSigned: sql<string | null>`min(${orders.finalizedAt})::text`,
    })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .where(onWorklist(since))
  const oldest = row?.oldestSigned ? new Date(row.oldestSigned) : null
  return {
    version: Number(row?.version ?? 0),
    json: row?.json ?? '[]',
    changesAt: oldest ? new Date(oldest.getTime() + finalDays * DAY_MS) : null,
  }
}

type PageQuery = z.output<typeof listOrdersQuerySchema>

interface PageKey {
  rank: number
  orderedAt: string
  seq: number
}

function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify([key.rank, key.orderedAt, key.seq])).toString('base64url')
}

const invalidCursor = () =>
  new Invalid('cursor must be the next_cursor of an earlier page.', 'invalid_cursor')

function decodeCursor(cursor: string): PageKey {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    !Number.isInteger(value[0]) ||
    typeof value[1] !== 'string' ||
    Number.isNaN(Date.parse(value[1])) ||
    !Number.isSafeInteger(value[2])
  ) {
    throw invalidCursor()
  }
  return { rank: value[0] as number, orderedAt: value[1], seq: value[2] as number }
}

/** `%`, `_` and `\` in a search word match themselves. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const searchable = sql`(${patients.firstName} || ' ' || ${patients.lastName} || ' ' || ${patients.mrn} || ' ' || ${orders.accessionNumber} || ' ' || ${orders.modality} || ' ' || ${orders.bodyPart} || ' ' || ${orders.studyDescription})`

/** Whether someone (`userId`, or anyone) holds a claim on the order. */
const claimExists = (userId?: string): SQL =>
  sql`exists (select 1 from ${orderClaims} where ${orderClaims.orderId} = ${orders.id}${
    userId === undefined ? sql`` : sql` and ${orderClaims.userId} = ${userId}`
  })`

/**
 * RV-4: the order's report awaits an attending's review and `userId` did not send it (read
 * through the report's key, so a count over orders alone takes it too).
 */
const awaitingReviewBy = (userId: string): SQL =>
  sql`exists (select 1 from ${reports} where ${reports.orderId} = ${orders.id}
    and ${reports.preliminaryState} = 'awaiting_review'
    and ${reports.preliminaryBy} is distinct from ${userId})`

/** What the query's filters ask of an order (the worklist's bound aside), for `userId`. */
function filters(query: PageQuery, userId: string): SQL[] {
  const where: SQL[] = []
  if (query.review === 'awaiting_mine') where.push(awaitingReviewBy(userId))
  if (query.claimed === 'mine') where.push(claimExists(userId))
  if (query.claimed === 'unclaimed') where.push(sql`not ${claimExists()}`)
  if (query.priority) where.push(inArray(orders.priority, query.priority))
  if (query.modality) {
    where.push(
      inArray(
        sql`upper(${orders.modality})`,
        query.modality.map((m) => m.toUpperCase()),
      ),
    )
  }
  if (!query.status?.includes(CANCELLED_STATUS)) where.push(notCancelled)
  if (query.status) {
    const statuses = query.status.filter((s) => s !== FINAL_STATUS)
    const either: SQL[] = []
    if (statuses.length > 0) either.push(inArray(orders.status, statuses))
    if (statuses.length < query.status.length) either.push(isNotNull(orders.finalizedAt))
    where.push(or(...either) as SQL)
  }
  for (const word of (query.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
    where.push(sql`${searchable} ilike ${likePattern(word)}`)
  }
  return where
}

const after = (key: PageKey): SQL =>
  sql`(${orders.priorityRank}, ${orders.orderedAt}, ${orders.seq}) > (${key.rank}, ${key.orderedAt}::timestamptz, ${key.seq})`

interface PageRow extends PageKey {
  item: Order
}

/** Up to `limit` orders matching `where`, in the worklist's order. */
async function readPage(db: Queryable, where: SQL[], limit: number): Promise<PageRow[]> {
  return db
    .select({
      item: orderJson,
      rank: orders.priorityRank,
      orderedAt: sql<string>`to_char(${orders.orderedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      seq: orders.seq,
    })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .where(and(...where))
    .orderBy(orders.priorityRank, orders.orderedAt, orders.seq)
    .limit(limit)
}

const byKey = (a: PageKey, b: PageKey) =>
  a.rank - b.rank || a.orderedAt.localeCompare(b.orderedAt) || a.seq - b.seq

/**
 * How many orders match. Only a search (`q`) looks at the patient: every order has exactly one
 * (patient_id is required and references patients), so without one the count reads orders alone,
 * which is most of a first page's time at hospital scale (a count walks every match).
 */
async function countMatching(db: Queryable, where: SQL[], searched: boolean): Promise<number> {
  const matching = db.select({ n: sql<string>`count(*)` }).from(orders)
  const [row] = await (
    searched ? matching.innerJoin(patients, eq(patients.id, orders.patientId)) : matching
  ).where(and(...where))
  return Number(row?.n ?? 0)
}

/**
 * One page. Without `q` it holds worklist orders only: the unsigned ones and the lately signed
 * ones are read apart, each through its own index, and merged, so a page never walks past the
 * signed orders of years.
 */
export async function worklistPage(
  db: Queryable,
  query: PageQuery,
  since: Date,
  userId: string,
): Promise<OrderPage> {
  const limit = query.limit ?? ORDER_PAGE.defaultLimit
  const where = filters(query, userId)
  const paged = query.cursor ? [...where, after(decodeCursor(query.cursor))] : where
  const searched = Boolean(query.q?.trim())
  const reading: Promise<PageRow[]> = searched
    ? readPage(db, paged, limit + 1)
    : Promise.all([
        readPage(db, [...paged, isNull(orders.finalizedAt)], limit + 1),
        readPage(db, [...paged, gt(orders.finalizedAt, since)], limit + 1),
      ]).then(([unsigned, signed]) => [...unsigned, ...signed].sort(byKey).slice(0, limit + 1))
  // Asked together: on PostgreSQL the pool runs them at once.
  const [rows, total] = await Promise.all([
    reading,
    countMatching(db, searched ? where : [...where, onWorklist(since)], searched),
  ])
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items: items.map((row) => row.item),
    next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
    total,
  }
}

/**
 * The worklist as `userId` sees it through the query's filters, whole (no page parameter: a
 * filter outside `ORDER_LIST_QUERY_KEYS`, such as `review`, RV-4), in insertion order as the whole
 * worklist is. Read for the request: a filter that depends on the user is never the cached list.
 */
export async function filteredWorklist(
  db: Queryable,
  query: PageQuery,
  since: Date,
  userId: string,
): Promise<Order[]> {
  const rows = await db
    .select({ item: orderJson })
    .from(orders)
    .innerJoin(patients, eq(patients.id, orders.patientId))
    .leftJoin(reports, eq(reports.orderId, orders.id))
    .where(and(onWorklist(since), ...filters(query, userId)))
    .orderBy(orders.seq)
  return rows.map((row) => row.item)
}

export type { ListOrdersQuery }
