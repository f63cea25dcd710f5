/**
 * SEC-3: the server's log over a whole clinical journey at its most talkative level, including two
 * database failures whose errors carry the SQL parameters (a message's text; a new account's
 * password hash). No line may hold what a clinician wrote, a password, a hash or a token, and
 * the failures must still be logged, by type and code.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { safeError, safeMessage } from '../../server/http/logging'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

const PASSWORD = 'Zebra-Quartz-Lantern-58'
const CLINICAL = [
  'Spiculated 14 mm nodule in the right upper lobe, suspicious for malignancy.',
  'Impression: Lung-RADS 4B, recommend PET-CT.',
  'Addendum: discussed with Dr Okafor at 14:05.',
  'Is the nodule larger than on the 2024 study?',
]
const FAILING_TEXT = 'Left adrenal adenoma 22 mm, marker BOMB-7731.'
/** A macro's text is clinical text too (issue 18). */
const MACRO_TEXT = 'No suspicious mass in the left breast, macro MACRO-5512.'

describe.skipIf(skipDatabase)('SEC-3 the log', () => {
  let t: TestApp
  const lines: string[] = []
  const secrets: string[] = []

  beforeAll(async () => {
    t = await startTestApp({
      logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
    })
    const inject = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: unknown,
      token?: string,
    ) =>
      t.app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      })
    const loginId = 'log.reader@hospital.test'
    // Sign-up, a wrong password, a sign-in.
    const signedUp = (
      await inject('POST', '/v1/auth/password/signup', {
        loginId,
        password: PASSWORD,
        user: { name: 'Dr Log Reader' },
      })
    ).json<{ sessionJwt: string; refreshJwt: string }>()
    await inject('POST', '/v1/auth/password/signin', { loginId, password: 'wrong-guess-123' })
    const signedIn = (
      await inject('POST', '/v1/auth/password/signin', { loginId, password: PASSWORD })
    ).json<{ sessionJwt: string; refreshJwt: string }>()
    const token = signedIn.sessionJwt
    secrets.push(PASSWORD, signedUp.sessionJwt, signedUp.refreshJwt, token, signedIn.refreshJwt)

    // The worklist, a study, a question, a report, a signature, an addendum.
    // A search by the patient's name: the name is in the query string, which no line may hold.
    const page = (await inject('GET', '/api/v1/orders?q=Okafor', undefined, token)).json<{
      items: { id: string }[]
    }>()
    const id = page.items[0]!.id
    await inject('GET', `/api/v1/orders/${id}`, undefined, token)
    await inject('POST', `/api/v1/orders/${id}/messages`, { content: CLINICAL[3] }, token)
    const sections = {
      history: 'Smoker, 40 pack-years.',
      technique: 'Low-dose CT chest.',
      comparison: 'CT 2024.',
      findings: CLINICAL[0],
      impression: CLINICAL[1],
    }
    await inject('PUT', `/api/v1/orders/${id}/report`, { sections }, token)
    await inject('POST', `/api/v1/orders/${id}/report/finalize`, undefined, token)
    await inject('POST', `/api/v1/orders/${id}/report/addenda`, { text: CLINICAL[2] }, token)
    // A macro created, refused as a duplicate (a unique violation inside the database), changed.
    const macro = (
      await inject('POST', '/api/v1/macros', { name: 'breast neg', text: MACRO_TEXT }, token)
    ).json<{ id: string }>()
    const duplicate = { name: 'Breast Neg', text: MACRO_TEXT }
    expect((await inject('POST', '/api/v1/macros', duplicate, token)).statusCode).toBe(409)
    await inject(
      'PUT',
      `/api/v1/macros/${macro.id}`,
      { name: 'breast neg', text: MACRO_TEXT },
      token,
    )

    // A session refreshed, the user read, a sign-out.
    const refreshed = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/refresh',
        headers: { authorization: `Bearer P-readout-local:${signedIn.refreshJwt}` },
      })
    ).json<{ sessionJwt?: string; refreshJwt?: string }>()
    if (refreshed.sessionJwt) secrets.push(refreshed.sessionJwt)
    if (refreshed.refreshJwt) secrets.push(refreshed.refreshJwt)

    // Two failures inside the database, each with parameters a naive log would print.
    await t.db.execute(
      sql.raw(`alter table messages add constraint no_marker check (content not like '%BOMB-%')`),
    )
    await t.db.execute(
      sql.raw(`alter table users add constraint no_marker_name check (name not like '%BOMB-%')`),
    )
    const failedSend = await inject(
      'POST',
      `/api/v1/orders/${id}/messages`,
      { content: FAILING_TEXT },
      token,
    )
    expect(failedSend.statusCode).toBe(500)
    const failedSignUp = await inject('POST', '/v1/auth/password/signup', {
      loginId: 'second.reader@hospital.test',
      password: PASSWORD,
      user: { name: 'Dr BOMB-7731' },
    })
    expect(failedSignUp.statusCode).toBe(500)

    if (refreshed.refreshJwt)
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/logout',
        headers: { authorization: `Bearer P-readout-local:${refreshed.refreshJwt}` },
      })

    const [user] = await t.db.select().from(users).where(eq(users.loginId, loginId))
    secrets.push(user!.passwordHash)
    // The hash's salt and digest parts too: a log that printed half of it would still leak.
    secrets.push(...user!.passwordHash.split('$').filter((part) => part.length >= 16))
  })
  afterAll(() => t.close())

  it('SEC-3 a whole journey logs requests and failures, and no line holds clinical text, a password, a hash or a token', () => {
    expect(lines.length).toBeGreaterThan(20)
    const log = lines.join('')
    for (const text of [
      ...CLINICAL,
      FAILING_TEXT,
      'BOMB-7731',
      'Okafor',
      'pack-years',
      'MACRO-5512',
    ]) {
      expect(log, 'clinical text').not.toContain(text)
    }
    for (const secret of secrets) expect(log.includes(secret), 'a secret').toBe(false)
    // No request body, no header, no query string.
    expect(log).not.toMatch(/authorization|Bearer|"body"|\?q=/i)
    // The two failures are logged all the same: what failed, where, and the database's code.
    const errors = lines
      .map((line) => JSON.parse(line) as { level: number; err?: { code?: string; type?: string } })
      .filter((entry) => entry.level >= 50)
    const codes = errors.map((entry) => entry.err?.code ?? entry.err?.type)
    expect(errors.length).toBeGreaterThanOrEqual(2)
    expect(JSON.stringify(errors)).toMatch(/23514/)
    expect(codes.length).toBe(errors.length)
  })

  it('SEC-3 an error keeps what it is and where it happened, never the values it quotes', () => {
    const drizzle = new Error(
      'Failed query: insert into "users" ("name", "password_hash") values ($1, $2)\nparams: Dr X,scrypt$16384$8$1$c2FsdA$aGFzaA',
    )
    drizzle.cause = Object.assign(
      new Error('new row for relation "users" violates check constraint "no_marker_name"'),
      { code: '23514', detail: 'Failing row contains (U1, a@b.test, Dr X, scrypt$...)' },
    )
    const safe = safeError(drizzle)
    expect(safe.message).toBe(
      'Failed query: insert into "users" ("name", "password_hash") values ($1, $2)',
    )
    expect(safe.cause).toMatchObject({ code: '23514' })
    expect(JSON.stringify(safe)).not.toMatch(/scrypt|Dr X|a@b\.test/)
    expect(safe.stack).toMatch(/^\s+at /)
    expect(
      safeMessage(
        'duplicate key value violates unique constraint; Key (login_id)=(a@b.test) already exists.',
      ),
    ).not.toContain('a@b.test')
  })
})
