/**
 * The audit trail: a whole journey (sign-up, sign-in, a failed sign-in, opening a study, a message,
 * a save, finalize, an addendum, a rating, clearing, sign-out) leaves one event per act, with who,
 * which study and from where, and never the clinical text or a token. The database refuses to
 * change or delete an event. `npm run audit` prints them as JSON lines. Also: messages name their
 * author.
 */
import { withoutNotifications } from '../../server/db/notifications'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addendumSchema,
  messageListSchema,
  orderListSchema,
  sendMessageAnswerSchema,
  type Order,
  type ReportSections,
} from '../../contract'
import { parseAuditArgs, runAudit } from '../../server/cli/audit'
import { listAuditEvents, type AuditEvent } from '../../server/repo/audit'
import { users } from '../../server/db/schema'
import { LOCAL_PROJECT_ID } from '../../server/identity/tokens'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const PASSWORD = 'correct horse battery'
const MESSAGE = 'Findings: a suspicious spiculated mass in the right upper lobe.'
const SECTIONS: ReportSections = {
  history: 'Smoker with haemoptysis.',
  technique: 'CT chest with contrast.',
  comparison: 'Chest radiograph of last week.',
  findings: 'Spiculated mass, 31 mm, right upper lobe.',
  impression: 'Probable primary lung carcinoma.',
}
const ADDENDUM = 'Discussed with the referring oncologist by phone.'

describe.skipIf(skipDatabase)('audit trail', () => {
  let t: TestApp
  let orders: Order[]
  const loginId = `auditor-${Date.now()}@hospital.test`

  beforeAll(async () => {
    t = await startTestApp()
    orders = orderListSchema.parse(
      (await t.api('GET', '/orders', { token: (await t.signUp()).token })).json(),
    )
  })
  afterAll(() => t.close())

  const signIn = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/password/signin',
      payload: { loginId, password },
    })

  it('a whole journey leaves one event per act, with who, which study and where, and no clinical text or token', async () => {
    const since = new Date()
    const signedUp = await t.signUp(loginId, 'Dr Audit Reader')
    const { userId } = signedUp
    // RL-6: with more than one account, clearing a conversation (below) is an admin's.
    await t.db
      .update(users)
      .set({ roles: ['admin', 'radiologist'] })
      .where(eq(users.id, userId))
    expect((await signIn('a wrong password')).statusCode).toBe(401)
    const signedIn = await signIn(PASSWORD)
    expect(signedIn.statusCode).toBe(200)
    const { sessionJwt: token, refreshJwt } = signedIn.json<{
      sessionJwt: string
      refreshJwt: string
    }>()
    const id = orders[5]?.id ?? ''
    const call = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
      t.api(method, path, { token, ...(body === undefined ? {} : { body }) })

    expect((await call('POST', `/orders/${id}/initialize`)).statusCode).toBe(200)
    const sent = sendMessageAnswerSchema.parse(
      (await call('POST', `/orders/${id}/messages`, { content: MESSAGE })).json(),
    )
    expect(sent.report_updated).toBe(true)
    expect((await call('PUT', `/orders/${id}/report`, { sections: SECTIONS })).statusCode).toBe(200)
    expect((await call('POST', `/orders/${id}/report/finalize`)).statusCode).toBe(200)
    const added = addendumSchema.parse(
      (await call('POST', `/orders/${id}/report/addenda`, { text: ADDENDUM })).json(),
    )
    const rated = await call('PATCH', `/orders/${id}/messages/${sent.message_id}/rating`, {
      rating: 'up',
    })
    expect(rated.statusCode).toBe(200)
    expect((await call('DELETE', `/orders/${id}/conversation`)).statusCode).toBe(204)
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${LOCAL_PROJECT_ID}:${refreshJwt}` },
    })
    expect(signedOut.statusCode).toBe(200)

    const events = await listAuditEvents(t.db, { userId, since })
    expect(events.map((event) => event.kind)).toEqual([
      'sign_up',
      'sign_in_failed',
      'sign_in',
      'study_opened',
      'message_sent',
      'assistant_update',
      'report_saved',
      'report_finalized',
      'addendum_added',
      'message_rated',
      'conversation_cleared',
      'sign_out',
    ])
    for (const event of events) {
      expect(event.user_id).toBe(userId)
      expect(event.address).toBe('127.0.0.1')
      expect(Date.parse(event.at)).toBeGreaterThanOrEqual(since.getTime() - 1000)
    }
    const studyEvents = events.filter((event) => event.order_id !== null)
    expect(studyEvents.map((event) => event.order_id)).toEqual(Array(8).fill(id))
    const byKind = (kind: string) => events.find((event) => event.kind === kind)
    expect(byKind('sign_in_failed')?.detail).toEqual({ reason: 'wrong_password' })
    expect(byKind('assistant_update')?.detail).toEqual({ sections: ['findings'] })
    expect(byKind('report_saved')?.detail).toMatchObject({ cause: 'save' })
    expect(byKind('addendum_added')?.detail).toEqual({ addendum_id: added.id })
    expect(byKind('message_rated')?.detail).toEqual({ message_id: sent.message_id, rating: 'up' })
    // The report was signed, so clearing kept it (CL-3).
    expect(byKind('conversation_cleared')?.detail).toEqual({ report_retained: true })

    // Nothing the clinician wrote, and no credential, is in the trail.
    const everything = JSON.stringify(await listAuditEvents(t.db))
    const secrets = [
      MESSAGE,
      'spiculated',
      ...Object.values(SECTIONS),
      ADDENDUM,
      sent.content,
      token,
      refreshJwt,
      signedUp.token,
      PASSWORD,
    ]
    for (const secret of secrets) expect(everything).not.toContain(secret)
  })

  it('a failed sign-in for an unknown account names no user but keeps the address', async () => {
    const since = new Date()
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password/signin',
      payload: { loginId: 'nobody@hospital.test', password: 'guess' },
      remoteAddress: '10.1.2.3',
    })
    expect(res.statusCode).toBe(401)
    const events = (await listAuditEvents(t.db, { since })).filter(
      (event) => event.address === '10.1.2.3',
    )
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'sign_in_failed',
        user_id: null,
        order_id: null,
        detail: { reason: 'unknown_login' },
      }),
    ])
    expect(JSON.stringify(events)).not.toContain('nobody@hospital.test')
  })

  it('the database refuses to change, delete or truncate audit events', async () => {
    const [before] = await listAuditEvents(t.db)
    expect(before).toBeDefined()
    const seq = before?.seq ?? 0
    await expect(
      t.db.execute(sql`update audit_events set user_id = 'someone else' where seq = ${seq}`),
    ).rejects.toThrow()
    await expect(t.db.execute(sql`delete from audit_events where seq = ${seq}`)).rejects.toThrow()
    await expect(t.db.execute(sql`delete from audit_events`)).rejects.toThrow()
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow()
    const [after] = await listAuditEvents(t.db)
    expect(after).toEqual(before)
  })

  it('npm run audit prints the filtered events as JSON lines, oldest first', async () => {
    const id = orders[6]?.id ?? ''
    const { token, userId } = await t.signUp(undefined, 'Dr CLI')
    await t.api('POST', `/orders/${id}/initialize`, { token })
    await t.api('PUT', `/orders/${id}/report`, { token, body: { sections: SECTIONS } })
    const lines: string[] = []
    const errors: string[] = []
    const code = await runAudit(
      ['--order', id, `--user=${userId}`, '--since', '2000-01-01T00:00:00Z'],
      (line) => lines.push(line),
      (line) => errors.push(line),
      () =>
        Promise.resolve({
          db: t.db,
          kind: 'memory',
          listen: withoutNotifications,
          close: () => Promise.resolve(),
        }),
    )
    expect(code).toBe(0)
    expect(errors).toEqual([])
    const events = lines.map((line) => JSON.parse(line) as AuditEvent)
    expect(events.map((event) => event.kind)).toEqual(['study_opened', 'report_saved'])
    expect(events.every((event) => event.order_id === id && event.user_id === userId)).toBe(true)
  })

  it('the audit command refuses unknown or malformed arguments', () => {
    expect(parseAuditArgs([])).toEqual({ kind: 'run', filter: {} })
    expect(parseAuditArgs(['--help'])).toEqual({ kind: 'help' })
    expect(parseAuditArgs(['--since', 'yesterday']).kind).toBe('invalid')
    expect(parseAuditArgs(['--order']).kind).toBe('invalid')
    expect(parseAuditArgs(['--order', 'a', '--order', 'b']).kind).toBe('invalid')
    expect(parseAuditArgs(['--verbose']).kind).toBe('invalid')
  })

  it('a user message names its author; an assistant message names nobody', async () => {
    const id = orders[7]?.id ?? ''
    const { token, userId } = await t.signUp(undefined, 'Dr Named Author')
    await t.api('POST', `/orders/${id}/initialize`, { token })
    await t.api('POST', `/orders/${id}/messages`, { token, body: { content: 'Any effusion?' } })

    const messages = messageListSchema.parse(
      (await t.api('GET', `/orders/${id}/messages`, { token })).json(),
    )

    const mine = messages.filter((message) => message.role === 'user')
    expect(mine).toEqual([
      expect.objectContaining({ user_id: userId, author_name: 'Dr Named Author' }),
    ])
    const replies = messages.filter((message) => message.role === 'assistant')
    expect(replies.length).toBe(2)
    for (const reply of replies) expect(reply.author_name).toBeNull()
  })

  it('a user without a display name is named by their login id', async () => {
    const id = orders[8]?.id ?? ''
    const email = `nameless-${Date.now()}@hospital.test`
    const { token } = await t.signUp(email, '')
    await t.api('POST', `/orders/${id}/messages`, { token, body: { content: 'Any effusion?' } })
    const messages = messageListSchema.parse(
      (await t.api('GET', `/orders/${id}/messages`, { token })).json(),
    )
    expect(messages.find((message) => message.role === 'user')?.author_name).toBe(email)
  })
})
