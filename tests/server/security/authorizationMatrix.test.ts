/**
 * RL-7, RL-8, RL-9: the authorization matrix over a real socket. Every route of the contract's
 * table (iterated, so a new route cannot be missed) and the live stream, called by a radiologist,
 * a trainee, an admin without a clinical role, a user with no role and no session. What each may
 * do is written here as its own table, not read from the server's (server/routes/access.ts), so
 * the two must agree. An allowed call may still be refused for what it asks (400, 404, 409): it
 * must only not be refused for who asks (401, 403), nor fail (500).
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENTS_PATH, routes, type RouteName, type UserRole } from '../../../contract'
import { orders as ordersTable } from '../../../server/db/schema'
import { startTestApp, type TestApp } from '../../support/testApp'
import { setRoles } from '../admin/accountsHarness'

type Caller = 'radiologist' | 'trainee' | 'admin' | 'none' | 'anonymous'
const CALLERS: readonly Caller[] = ['radiologist', 'trainee', 'admin', 'none', 'anonymous']
/** `ok`: anything but 401, 403 or 500. */
type Expected = 'ok' | 403
type Row = Record<Exclude<Caller, 'anonymous'>, Expected>

const CLINICAL: Row = { radiologist: 'ok', trainee: 'ok', admin: 403, none: 403 }
const RADIOLOGIST: Row = { radiologist: 'ok', trainee: 403, admin: 403, none: 403 }
const TRAINEE: Row = { radiologist: 403, trainee: 'ok', admin: 403, none: 403 }
const ADMIN: Row = { radiologist: 403, trainee: 403, admin: 'ok', none: 403 }
const ANYONE: Row = { radiologist: 'ok', trainee: 'ok', admin: 'ok', none: 'ok' }
const DEPARTMENT: Row = { radiologist: 'ok', trainee: 'ok', admin: 'ok', none: 403 }

/** Who may call each route: the roles, written out. */
const MATRIX: Record<RouteName, Row> = {
  listPatients: CLINICAL,
  listOrders: CLINICAL,
  getOrder: CLINICAL,
  listMessages: CLINICAL,
  sendMessage: CLINICAL,
  rateMessage: CLINICAL,
  initializeOrder: CLINICAL,
  saveReport: CLINICAL,
  finalizeReport: RADIOLOGIST,
  listReportRevisions: CLINICAL,
  addReportAddendum: RADIOLOGIST,
  // RL-6: with more than one account, Clear All is an admin's alone.
  clearConversation: ADMIN,
  speechToken: CLINICAL,
  speechPhrases: CLINICAL,
  speechCleanup: CLINICAL,
  claimOrder: CLINICAL,
  releaseClaim: CLINICAL,
  nextStudy: CLINICAL,
  listPriors: CLINICAL,
  checkReport: CLINICAL,
  draftImpression: CLINICAL,
  listCommunications: CLINICAL,
  recordCommunication: CLINICAL,
  listTemplates: CLINICAL,
  listMacros: CLINICAL,
  createMacro: CLINICAL,
  updateMacro: CLINICAL,
  deleteMacro: CLINICAL,
  whoAmI: ANYONE,
  sendForReview: TRAINEE,
  returnToTrainee: RADIOLOGIST,
  listUsers: ADMIN,
  updateUser: ADMIN,
  listAuditEvents: ADMIN,
  exportAuditEvents: ADMIN,
  // PEER-*: a radiologist scores colleagues' priors and reads their own scores; rates are an admin's.
  askPeerReview: RADIOLOGIST,
  recordPeerReview: RADIOLOGIST,
  listMyPeerReviews: RADIOLOGIST,
  peerReviewRates: ADMIN,
  // DEPT-18: the department's numbers are its clinicians' and its admins'.
  turnaroundStats: DEPARTMENT,
  volumeStats: DEPARTMENT,
  criticalCommunicationStats: DEPARTMENT,
  followUpStats: DEPARTMENT,
  // FU-13, FU-15: the department's follow-ups are its clinicians' to read and close.
  listFollowUps: CLINICAL,
  resolveFollowUp: CLINICAL,
}

/** Bodies that an allowed caller's request may well carry out; `{}` for the rest. */
const BODIES: Partial<Record<RouteName, object>> = {
  sendMessage: { content: 'Compare with the prior.' },
  rateMessage: { rating: 'up' },
  saveReport: { sections: { findings: 'No acute abnormality.' } },
  addReportAddendum: { text: 'Discussed with the referrer.' },
  createMacro: { name: 'normal chest', text: 'The lungs are clear.' },
  updateMacro: { name: 'normal chest', text: 'The lungs are clear.' },
  returnToTrainee: { comment: 'Please describe the nodule.' },
  updateUser: { roles: ['radiologist'] },
  recordPeerReview: { order_id: 'no-such-order', score: '1', comment: '' },
  resolveFollowUp: { status: 'declined', reason: 'The patient declined.' },
}

let t: TestApp
let base: string
const tokens = new Map<Caller, string | null>([['anonymous', null]])
let params: Record<string, string>

beforeAll(async () => {
  t = await startTestApp()
  // The first account is an admin and a radiologist; the callers come after it.
  await t.signUp(undefined, 'Dr Founder')
  const roles: Record<Exclude<Caller, 'anonymous'>, UserRole[]> = {
    radiologist: ['radiologist'],
    trainee: ['trainee'],
    admin: ['admin'],
    none: [],
  }
  for (const [caller, held] of Object.entries(roles)) {
    const session = await t.signUp(undefined, `Dr ${caller}`)
    await setRoles(t.db, session.userId, held)
    tokens.set(caller as Caller, session.token)
  }
  const target = await t.signUp(undefined, 'Dr Target')
  const [order] = await t.db.select({ id: ordersTable.id }).from(ordersTable).limit(1)
  params = { id: order?.id ?? '', messageId: 'M-none', userId: target.userId }
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`
})

afterAll(async () => {
  t.app.server.closeAllConnections()
  await t.close()
})

/** The route's path with its parameters filled in (an admin route's `:id` is an account). */
function pathOf(name: RouteName): string {
  const { path } = routes[name]
  const id = path.startsWith('/admin/users') ? (params.userId ?? '') : (params.id ?? '')
  return path.replace(':messageId', params.messageId ?? '').replace(':id', id)
}

async function status(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<number> {
  const abort = new AbortController()
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  const res = await fetch(`${base}${path}`, {
    method,
    signal: abort.signal,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  // A stream that opened stays open: its status is all this needs.
  abort.abort()
  await res.body?.cancel().catch(() => undefined)
  return res.status
}

const verdict = (code: number): 'ok' | number =>
  code === 401 || code === 403 || code === 500 ? code : 'ok'

describe('RL-8 the authorization matrix over HTTP', () => {
  it('RL-8 the matrix names every route of the contract', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(routes).sort())
  })

  it('RL-8 each route answers each caller as the table says; without a session, 401', async () => {
    const seen: string[] = []
    const wanted: string[] = []
    for (const caller of CALLERS) {
      for (const name of Object.keys(routes) as RouteName[]) {
        const { method } = routes[name]
        const body = method === 'GET' || method === 'DELETE' ? undefined : (BODIES[name] ?? {})
        const code = await status(method, pathOf(name), tokens.get(caller) ?? null, body)
        const expected = caller === 'anonymous' ? 401 : MATRIX[name][caller]
        seen.push(`${caller} ${name} ${verdict(code)}`)
        wanted.push(`${caller} ${name} ${expected}`)
      }
    }
    expect(seen).toEqual(wanted)
  })

  it('RL-7 the live stream is a clinician’s: 403 for an admin without a clinical role or a user with none, 401 without a session', async () => {
    const expected: Record<Caller, Expected | 401> = {
      radiologist: 'ok',
      trainee: 'ok',
      admin: 403,
      none: 403,
      anonymous: 401,
    }
    for (const caller of CALLERS) {
      const code = await status('GET', EVENTS_PATH, tokens.get(caller) ?? null)
      expect(`${caller} ${verdict(code)}`).toBe(`${caller} ${expected[caller]}`)
    }
  })
})

describe('RL-9 refused before the request is read', () => {
  it('RL-9 a caller whose roles do not allow the route gets 403 whatever the body holds', async () => {
    const trainee = tokens.get('trainee') ?? null
    const nobody = tokens.get('none') ?? null
    expect(await status('POST', pathOf('finalizeReport'), trainee, '{"not json')).toBe(403)
    expect(await status('PUT', pathOf('saveReport'), nobody, { sections: 42 })).toBe(403)
    expect(await status('PATCH', pathOf('updateUser'), trainee, { roles: ['root'] })).toBe(403)
  })
})
