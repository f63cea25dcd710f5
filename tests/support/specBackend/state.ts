/**
 * Everything the spec backend holds, in memory, typed so a test can look at what the SPA did
 * (a saved report, a rating) and not only at what the page shows.
 */
import { BROKEN_ORDERS, SEED_ORDERS, SEED_PATIENTS, type SeedOrder, type SeedPatient } from './seed'
import type { JsonObject, Rating, SpecBackendVariants } from './variants'

export interface UserRecord {
  /** The identity's user id ("U…"), the tokens' subject. */
  userId: string
  /** The product backend's id for the same user (messages' user_id). */
  numericId: number
  loginId: string
  password: string
  name: string
}

export interface TokenRecord {
  token: string
  kind: 'session' | 'refresh'
  userId: string
  /** Milliseconds since the epoch. */
  expiresAt: number
  revoked: boolean
}

export interface MessageRecord {
  id: number
  orderId: number
  /**
   * The clinician's numeric id: the author of a user message, the one an assistant message
   * answered (null: none, sent as null).
   */
  userId: number | null
  role: 'user' | 'assistant'
  content: string
  inputType: 'text' | 'voice'
  createdAt: Date
  rating: Rating
  metaData: JsonObject | null
}

export interface ReportSections {
  history: string
  technique: string
  comparison: string
  findings: string
  impression: string
}

export interface ReportRecord {
  sections: ReportSections
  isFinal: boolean
  /** Sent (as updated_at and finalized_at) only when the backend is not minimal. */
  updatedAt: Date
  finalizedAt: Date | null
}

export interface OrderRecord extends SeedOrder {
  orderedAt: Date
  /** Whether GET /orders lists it without an id (the `brokenEntry` order with id 0). */
  idless: boolean
}

export interface CallRecord {
  method: string
  path: string
  status: number
}

export interface SpecBackendState {
  readonly variants: SpecBackendVariants
  users: Map<string, UserRecord>
  tokens: Map<string, TokenRecord>
  patients: SeedPatient[]
  orders: OrderRecord[]
  /** By order id: the conversation (messages, report). */
  messages: Map<number, MessageRecord[]>
  reports: Map<number, ReportRecord>
  /** Every rating PATCH, in order, with what it set. */
  ratings: { orderId: number; messageId: number; rating: Rating }[]
  /** Every request, with the status it got. */
  calls: CallRecord[]
  nextMessageId: number
  nextUserId: number
}

export function createState(variants: SpecBackendVariants, now = new Date()): SpecBackendState {
  const seeded = variants.brokenEntry ? [...SEED_ORDERS, ...BROKEN_ORDERS] : SEED_ORDERS
  return {
    variants,
    users: new Map(),
    tokens: new Map(),
    patients: SEED_PATIENTS.map((patient) => ({ ...patient })),
    orders: seeded.map((order) => ({
      ...order,
      history: [...order.history],
      orderedAt: new Date(now.getTime() - order.orderedMinutesAgo * 60_000),
      idless: order.id === 0,
    })),
    messages: new Map(),
    reports: new Map(),
    ratings: [],
    calls: [],
    nextMessageId: 5001,
    nextUserId: 1,
  }
}

/** Back to the seed: no users, sessions, conversations or reports; the same variants. */
export function resetState(state: SpecBackendState): void {
  Object.assign(state, createState(state.variants))
}

export function emptySections(): ReportSections {
  return { history: '', technique: '', comparison: '', findings: '', impression: '' }
}

export const SECTION_NAMES: readonly (keyof ReportSections)[] = [
  'history',
  'technique',
  'comparison',
  'findings',
  'impression',
]

/** Looks an order up by its accession number, as a test reads it off the page. */
export function orderByAccession(state: SpecBackendState, accession: string): OrderRecord {
  const order = state.orders.find((candidate) => candidate.accession_number === accession)
  if (!order) throw new Error(`the spec backend has no order ${accession}`)
  return order
}

export function messagesOf(state: SpecBackendState, orderId: number): MessageRecord[] {
  let list = state.messages.get(orderId)
  if (!list) {
    list = []
    state.messages.set(orderId, list)
  }
  return list
}

export function patientOf(state: SpecBackendState, order: SeedOrder): SeedPatient | undefined {
  return state.patients.find((patient) => patient.id === order.patient_id)
}
