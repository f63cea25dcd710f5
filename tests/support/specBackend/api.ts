/**
 * The product backend of spec section 7, the thirteen /api/v1 calls, in memory. Every call
 * needs `Authorization: Bearer <session token>`; errors have a FastAPI-like `{"detail": …}`
 * body, as a hospital's own backend might send them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  PATIENT_SUMMARY_META,
  cleanUp,
  patientSummaryContent,
  reportEditIn,
  replyTo,
  type ReportEdit,
} from './assistant'
import { HttpError, readJsonObject, sendEmpty, sendJson } from './http'
import { sessionUser } from './identity'
import { PHRASES, SEED_ORDERS } from './seed'
import {
  SECTION_NAMES,
  emptySections,
  messagesOf,
  patientOf,
  type MessageRecord,
  type OrderRecord,
  type ReportRecord,
  type SpecBackendState,
  type UserRecord,
} from './state'
import { parseWireId, wireList, wireTimestamp, type Json } from './variants'
import { ID_PREFIX, messageJson, orderJson, patientJson, reportWriteJson } from './wire'

interface Call {
  state: SpecBackendState
  req: IncomingMessage
  res: ServerResponse
  user: UserRecord
  order: OrderRecord | null
  messageSegment: string | null
}

const notFound = (what: string) => new HttpError(404, { detail: `${what} not found` })
const unprocessable = (field: string, msg: string) =>
  new HttpError(422, { detail: [{ loc: ['body', field], msg, type: 'value_error' }] })

function findOrder(state: SpecBackendState, segment: string): OrderRecord {
  const id = parseWireId(state.variants, ID_PREFIX.order, segment)
  const order = state.orders.find((candidate) => !candidate.idless && candidate.id === id)
  if (id === null || !order) throw notFound('Order')
  return order
}

function need<T>(value: T | null): T {
  if (value === null) throw new Error('route matched without its path parameter')
  return value
}

function addMessage(state: SpecBackendState, message: Omit<MessageRecord, 'id' | 'createdAt'>) {
  const record: MessageRecord = { ...message, id: state.nextMessageId++, createdAt: new Date() }
  messagesOf(state, message.orderId).push(record)
  return record
}

function reportOf(state: SpecBackendState, order: OrderRecord): ReportRecord {
  let report = state.reports.get(order.id)
  if (!report) {
    report = { sections: emptySections(), isFinal: false, updatedAt: new Date(), finalizedAt: null }
    state.reports.set(order.id, report)
  }
  return report
}

function sendWrite(call: Call, report: ReportRecord) {
  const body = reportWriteJson(call.state.variants, report)
  if (body === undefined) sendEmpty(call.res)
  else sendJson(call.res, 200, body)
}

type Handler = (call: Call) => Promise<void> | void

const listPatients: Handler = ({ state, res }) => {
  const patients = state.patients.map((patient) => patientJson(state.variants, patient))
  sendJson(res, 200, wireList(state.variants, 'data', patients))
}

const listOrders: Handler = ({ state, res }) => {
  const orders = state.orders.flatMap((order) => orderJson(state, order) ?? [])
  sendJson(res, 200, wireList(state.variants, 'orders', orders))
}

const getOrder: Handler = ({ state, res, order }) => {
  const json = orderJson(state, need(order))
  if (!json) throw notFound('Order')
  sendJson(res, 200, json)
}

const listMessages: Handler = ({ state, res, order }) => {
  const messages = messagesOf(state, need(order).id).map((message) => messageJson(state, message))
  sendJson(res, 200, wireList(state.variants, 'items', messages))
}

const sendMessage: Handler = async ({ state, req, res, user, order: maybeOrder }) => {
  const order = need(maybeOrder)
  const body = await readJsonObject(req)
  const content = typeof body.content === 'string' ? body.content : ''
  if (content.trim() === '') throw unprocessable('content', 'content must be a non-empty string')
  const inputType = body.input_type ?? 'text'
  if (inputType !== 'text' && inputType !== 'voice') {
    throw unprocessable('input_type', "input_type must be 'text' or 'voice'")
  }
  order.status = 'in_progress'
  addMessage(state, {
    orderId: order.id,
    userId: user.numericId,
    role: 'user',
    content,
    inputType,
    rating: null,
    metaData: null,
  })
  const asked = reportEditIn(content)
  const current = state.reports.get(order.id)
  const refusedAsFinal = asked !== null && current?.isFinal === true
  let applied: ReportEdit | null = null
  if (asked && !refusedAsFinal) {
    const report = reportOf(state, order)
    report.sections[asked.section] = asked.text
    report.updatedAt = new Date()
    applied = asked
  }
  const reply = addMessage(state, {
    orderId: order.id,
    userId: user.numericId,
    role: 'assistant',
    content: replyTo(content, order, { applied, refusedAsFinal }),
    inputType: 'text',
    rating: null,
    metaData: null,
  })
  sendJson(res, 200, {
    message_id: messageJson(state, reply).id ?? null,
    content: reply.content,
    created_at: wireTimestamp(state.variants, reply.createdAt),
    report_updated: applied !== null,
  })
}

const rateMessage: Handler = async ({ state, req, res, order, messageSegment }) => {
  const orderId = need(order).id
  const id = parseWireId(state.variants, ID_PREFIX.message, need(messageSegment))
  const message = messagesOf(state, orderId).find((candidate) => candidate.id === id)
  if (!message) throw notFound('Message')
  const body = await readJsonObject(req)
  const rating = body.rating
  if (rating !== 'up' && rating !== 'down' && rating !== null) {
    throw unprocessable('rating', "rating must be 'up', 'down' or null")
  }
  if (message.role !== 'assistant') {
    throw unprocessable('rating', 'only assistant messages can be rated')
  }
  message.rating = rating
  state.ratings.push({ orderId, messageId: message.id, rating: message.rating })
  sendJson(res, 200, { success: true })
}

const initialize: Handler = ({ state, res, user, order: maybeOrder }) => {
  const order = need(maybeOrder)
  const messages = messagesOf(state, order.id)
  const patient = patientOf(state, order)
  if (!patient) throw notFound('Patient')
  if (messages.some((message) => message.metaData?.type === PATIENT_SUMMARY_META.type)) {
    sendJson(res, 200, { initialized: true })
    return
  }
  const summary = addMessage(state, {
    orderId: order.id,
    userId: user.numericId,
    role: 'assistant',
    content: patientSummaryContent(order, patient, new Date()),
    inputType: 'text',
    rating: null,
    metaData: { ...PATIENT_SUMMARY_META },
  })
  // A summary made now goes first, before anything said earlier.
  messages.unshift(...messages.splice(messages.indexOf(summary), 1))
  sendJson(res, 200, messageJson(state, summary))
}

const saveReport: Handler = async (call) => {
  const { state, req, order: maybeOrder } = call
  const order = need(maybeOrder)
  const body = await readJsonObject(req)
  const sections = body.sections
  if (typeof sections !== 'object' || sections === null || Array.isArray(sections)) {
    throw unprocessable('sections', 'sections must be an object')
  }
  const given = sections as Record<string, unknown>
  for (const name of SECTION_NAMES) {
    if (given[name] !== undefined && typeof given[name] !== 'string') {
      throw unprocessable('sections', `sections.${name} must be a string`)
    }
  }
  if (state.reports.get(order.id)?.isFinal) {
    throw new HttpError(409, { detail: 'Report is finalized and cannot be changed' })
  }
  const report = reportOf(state, order)
  for (const name of SECTION_NAMES) {
    const value = given[name]
    if (typeof value === 'string') report.sections[name] = value
  }
  report.updatedAt = new Date()
  sendWrite(call, report)
}

const finalize: Handler = (call) => {
  const report = reportOf(call.state, need(call.order))
  if (report.isFinal) throw new HttpError(409, { detail: 'Report is already finalized' })
  report.isFinal = true
  report.updatedAt = new Date()
  report.finalizedAt = report.updatedAt
  sendWrite(call, report)
}

const clearConversation: Handler = ({ state, res, order: maybeOrder }) => {
  const order = need(maybeOrder)
  state.messages.delete(order.id)
  state.reports.delete(order.id)
  order.status = SEED_ORDERS.find((seed) => seed.id === order.id)?.status ?? 'scheduled'
  if (state.variants.clearAnswer === 'empty') sendEmpty(res)
  else sendJson(res, 200, { success: true })
}

const speechToken: Handler = ({ res }) => {
  sendJson(res, 503, { detail: 'No speech service is configured on this server' })
}

const phrases: Handler = async ({ req, res }) => {
  const body = await readJsonObject(req)
  const modality = typeof body.modality === 'string' ? body.modality.toUpperCase() : ''
  const bodyPart = typeof body.body_part === 'string' ? body.body_part.trim() : ''
  const list: Json[] = [...(PHRASES[modality] ?? []), ...(bodyPart === '' ? [] : [bodyPart])]
  sendJson(res, 200, { phrases: list, count: list.length })
}

const cleanup: Handler = async ({ req, res }) => {
  const body = await readJsonObject(req)
  if (typeof body.text !== 'string') throw unprocessable('text', 'text must be a string')
  sendJson(res, 200, { cleaned: cleanUp(body.text) })
}

/** [method, pattern, handler]; `o` and `m` capture the order and message path segments. */
const ROUTES: readonly [string, RegExp, Handler][] = [
  ['GET', /^\/patients$/, listPatients],
  ['GET', /^\/orders$/, listOrders],
  ['GET', /^\/orders\/(?<o>[^/]+)$/, getOrder],
  ['GET', /^\/orders\/(?<o>[^/]+)\/messages$/, listMessages],
  ['POST', /^\/orders\/(?<o>[^/]+)\/messages$/, sendMessage],
  ['PATCH', /^\/orders\/(?<o>[^/]+)\/messages\/(?<m>[^/]+)\/rating$/, rateMessage],
  ['POST', /^\/orders\/(?<o>[^/]+)\/initialize$/, initialize],
  ['PUT', /^\/orders\/(?<o>[^/]+)\/report$/, saveReport],
  ['POST', /^\/orders\/(?<o>[^/]+)\/report\/finalize$/, finalize],
  ['DELETE', /^\/orders\/(?<o>[^/]+)\/conversation$/, clearConversation],
  ['POST', /^\/speech\/token$/, speechToken],
  ['POST', /^\/speech\/phrases$/, phrases],
  ['POST', /^\/speech\/cleanup$/, cleanup],
]

/** Handles a request under /api/ (`path` is the whole path, without the query). */
export async function handleApi(
  state: SpecBackendState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const user = sessionUser(state, req)
  if (!user) {
    res.setHeader('www-authenticate', 'Bearer')
    throw new HttpError(401, { detail: 'Not authenticated' })
  }
  const rest = path.startsWith('/api/v1/') ? path.slice('/api/v1'.length) : null
  const matching = rest === null ? [] : ROUTES.filter(([, pattern]) => pattern.test(rest))
  if (rest === null || matching.length === 0) throw new HttpError(404, { detail: 'Not Found' })
  const route = matching.find(([method]) => method === req.method)
  if (!route) throw new HttpError(405, { detail: 'Method Not Allowed' })
  const groups = route[1].exec(rest)?.groups ?? {}
  const order = groups.o === undefined ? null : findOrder(state, groups.o)
  await route[2]({ state, req, res, user, order, messageSegment: groups.m ?? null })
}
