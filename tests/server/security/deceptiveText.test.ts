/**
 * SEC-31..SEC-33, SEC-35, SEC-36 over a real socket: each kind of character that deceives is refused in
 * each field it is refused in (a name at sign-up, a communication's recipient and role, a
 * macro's name and text, a signature's override reason), with 400 naming the field and the
 * character, and nothing stored; ordinary international text is taken as it is; and a name the
 * server did not check (an account older than the rule) signs without what would deceive.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  communicationListSchema,
  macroListSchema,
  macroSchema,
  orderSchema,
} from '../../../contract'
import { users } from '../../../server/db/identitySchema'
import { freshStudies } from '../../support/freshStudies'
import { normalSections } from '../../support/sections'
import {
  expectAnswer,
  expectRefusal,
  startSocketServer,
  type SocketServer,
  type SocketUser,
} from '../../support/socketServer'
import { skipDatabase } from '../../support/testDatabase'

/** One of each kind, with what a name and free text do with it. */
const KINDS = [
  { char: '\u202E', what: 'right-to-left override', inText: 'refused' },
  { char: '\u202A', what: 'left-to-right embedding', inText: 'refused' },
  { char: '\u2067', what: 'right-to-left isolate', inText: 'refused' },
  { char: '\u2069', what: 'pop directional isolate', inText: 'refused' },
  { char: '\u200F', what: 'right-to-left mark', inText: 'kept' },
  { char: '\u061C', what: 'Arabic letter mark', inText: 'kept' },
  { char: '\u200B', what: 'zero-width space', inText: 'refused' },
  { char: '\u2060', what: 'word joiner', inText: 'refused' },
  { char: '\uFEFF', what: 'byte order mark', inText: 'refused' },
  { char: '\u200D', what: 'zero-width joiner in Latin', inText: 'refused' },
  { char: '\u200C', what: 'zero-width non-joiner in Latin', inText: 'refused' },
  { char: '\u0085', what: 'C1 next line', inText: 'refused' },
  { char: '\u009B', what: 'C1 control sequence introducer', inText: 'refused' },
] as const

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`

/** Names people have, in scripts that need ZWNJ and ZWJ where they stand. */
const NAMES = [
  "Zoë O'Brien-Łukasik",
  'محمد',
  '李雷',
  'علی‌رضا', // ZWNJ between two Persian letters
  'क्‍षमा', // ZWJ after a Devanagari virama
  'Ngũgĩ wa Thiong’o',
]

describe.skipIf(skipDatabase)('text that deceives, over a socket', () => {
  let s: SocketServer
  let user: SocketUser
  let take: () => string
  beforeAll(async () => {
    s = await startSocketServer()
    user = await s.signUp('Dr Honest')
    take = await freshStudies(s.t, user.token)
  })
  afterAll(() => s.close())

  const signUp = (name: string) =>
    fetch(`${s.base}/v1/auth/password/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.base },
      body: JSON.stringify({
        loginId: `deceive-${String(Date.now())}-${String(Math.random()).slice(2)}@hospital.test`,
        password: 'correct horse battery',
        user: { name },
      }),
    })

  it('SEC-31 a name holding any of them is refused at sign-up with 400 naming the field and the character; no account is made', async () => {
    for (const { char, what } of KINDS) {
      const res = await signUp(`Dr A${char}lice Smith`)
      expect(res.status, what).toBe(400)
      const body = (await res.json()) as { errorMessage: string }
      expect(body.errorMessage, what).toContain('user.name')
      expect(body.errorMessage, what).toContain(codePoint(char))
    }
  })

  it('SEC-32 a communication whose recipient or role holds any of them is refused with 400; nothing is recorded', async () => {
    const id = take()
    const base = {
      recipient: 'Dr Hopper',
      role: 'referring physician',
      method: 'phone',
      communicated_at: new Date(Date.now() - 60_000).toISOString(),
      read_back: true,
    }
    for (const { char, what } of KINDS) {
      for (const field of ['recipient', 'role'] as const) {
        const answer = await s.call('recordCommunication', {
          params: { id },
          body: { ...base, [field]: `Dr${char} Hopper` },
        })
        const refusal = expectRefusal(answer, 400, 'bad_request')
        expect(refusal.message, what).toContain(`body.${field}`)
        expect(refusal.message, what).toContain(codePoint(char))
      }
    }
    const listed = await s.call('listCommunications', { params: { id } })
    expect(expectAnswer(listed, 200, communicationListSchema)).toEqual([])
  })

  it('SEC-33 a macro whose name holds any of them, or whose text holds one free text refuses, is refused with 400; nothing is stored', async () => {
    for (const { char, what, inText } of KINDS) {
      const named = await s.call('createMacro', {
        body: { name: `normal${char}chest`, text: 'Lungs are clear.' },
      })
      expect(expectRefusal(named, 400, 'bad_request').message, what).toContain('body.name')
      const texted = await s.call('createMacro', {
        body: { name: 'normal chest', text: `Lungs are${char} clear.` },
      })
      if (inText === 'refused') {
        const refusal = expectRefusal(texted, 400, 'bad_request')
        expect(refusal.message, what).toContain('body.text')
        expect(refusal.message, what).toContain(codePoint(char))
      } else {
        // A mark that only sets a neutral's direction: kept in free text (text.ts says why).
        const macro = expectAnswer(texted, 201, macroSchema)
        await s.call('deleteMacro', { params: { id: macro.id } })
      }
    }
    expect(expectAnswer(await s.call('listMacros'), 200, macroListSchema)).toEqual([])
  })

  it('SEC-33 a signature whose override reason holds a refused character is refused with 400 and signs nothing', async () => {
    const id = take()
    await s.call('saveReport', { params: { id }, body: { sections: normalSections } })
    for (const { char, what, inText } of KINDS) {
      if (inText !== 'refused') continue
      const answer = await s.call('finalizeReport', {
        params: { id },
        body: { qa_override: { reason: `Side${char} confirmed.`, codes: ['laterality'] } },
      })
      expect(expectRefusal(answer, 400, 'bad_request').message, what).toContain(
        'body.qa_override.reason',
      )
    }
    const order = expectAnswer(await s.call('getOrder', { params: { id } }), 200, orderSchema)
    expect(order.report?.is_final).toBe(false)
  })

  it('SEC-35 names, recipients and macros in any script are taken as they are', async () => {
    for (const name of NAMES) expect((await signUp(name)).status, name).toBe(200)
    const id = take()
    for (const name of NAMES) {
      const answer = await s.call('recordCommunication', {
        params: { id },
        body: {
          recipient: name,
          role: 'referring physician',
          method: 'phone',
          communicated_at: new Date(Date.now() - 60_000).toISOString(),
          read_back: true,
        },
      })
      expect(answer.status, name).toBe(201)
    }
    const listed = expectAnswer(
      await s.call('listCommunications', { params: { id } }),
      200,
      communicationListSchema,
    )
    expect(listed.map((c) => c.recipient)).toEqual(NAMES)
    // Free text: mixed directions with their marks, an emoji sequence with its ZWJ.
    const text = 'שלום\u200F (CT) — 👩‍⚕️ reviewed; علی‌رضا'
    const macro = await s.call('createMacro', { body: { name: 'mixed', text } })
    expect(expectAnswer(macro, 201, macroSchema).text).toBe(text)
  })

  it('SEC-36 a name the server did not check signs without what would deceive', async () => {
    // An account made before the rule: its name holds an override and a zero-width space.
    await s.t.db
      .update(users)
      .set({ name: 'Dr \u202Enosuh\u202C Smi\u200Bth' })
      .where(eq(users.id, user.userId))
    const id = take()
    await s.call('saveReport', { params: { id }, body: { sections: normalSections } })
    const signed = await s.call('finalizeReport', { params: { id } })
    expect(signed.status).toBe(200)
    const order = expectAnswer(await s.call('getOrder', { params: { id } }), 200, orderSchema)
    expect(order.report?.finalized_by?.name).toBe('Dr nosuh Smith')
  })
})
