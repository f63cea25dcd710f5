/**
 * MAC: each clinician's own macros (AutoText), on PGlite and PostgreSQL: created, listed, changed
 * and deleted by their owner only; names unique per clinician whatever their case; bad input
 * answers 400 with the field, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorSchema, macroListSchema, macroSchema } from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp, type TestApp } from '../support/testApp'

describe.skipIf(skipDatabase)('MAC /macros', () => {
  let t: TestApp
  let ada: { token: string; userId: string }
  let ben: { token: string; userId: string }

  beforeAll(async () => {
    t = await startTestApp()
    ada = await t.signUp(undefined, 'Dr Ada Reader')
    ben = await t.signUp(undefined, 'Dr Ben Second')
  })
  afterAll(() => t.close())

  const create = (token: string, name: string, text: string) =>
    t.api('POST', '/macros', { token, body: { name, text } })
  const listOf = async (token: string) =>
    macroListSchema.parse((await t.api('GET', '/macros', { token })).json())

  it('MAC-1 a clinician creates a macro (201) and lists only their own, by name', async () => {
    const created = await create(ada.token, 'normal cxr', 'Lungs clear. No effusion.')
    expect(created.statusCode).toBe(201)
    const macro = macroSchema.parse(created.json())
    expect(macro).toMatchObject({ name: 'normal cxr', text: 'Lungs clear. No effusion.' })
    expect((await create(ada.token, 'Aaa-1', 'First by name.')).statusCode).toBe(201)
    expect((await create(ben.token, 'ben only', 'Ben’s text.')).statusCode).toBe(201)

    expect((await listOf(ada.token)).map((item) => item.name)).toEqual(['Aaa-1', 'normal cxr'])
    expect((await listOf(ben.token)).map((item) => item.name)).toEqual(['ben only'])
  })

  it('MAC-2 a duplicate name of the same clinician, in any letter case, answers 409; another clinician may use it', async () => {
    expect((await create(ada.token, 'dup name', 'one')).statusCode).toBe(201)
    const again = await create(ada.token, 'DUP Name', 'two')
    expect(again.statusCode).toBe(409)
    expect(errorSchema.parse(again.json()).error).toBe('macro_exists')
    expect((await create(ben.token, 'dup name', 'mine too')).statusCode).toBe(201)
  })

  it('MAC-3 the owner changes and deletes a macro; another clinician’s id answers 404 and changes nothing', async () => {
    const macro = macroSchema.parse((await create(ada.token, 'to change', 'before')).json())
    const foreignPut = await t.api('PUT', `/macros/${macro.id}`, {
      token: ben.token,
      body: { name: 'stolen', text: 'after' },
    })
    expect(foreignPut.statusCode).toBe(404)
    expect((await t.api('DELETE', `/macros/${macro.id}`, { token: ben.token })).statusCode).toBe(
      404,
    )

    const put = await t.api('PUT', `/macros/${macro.id}`, {
      token: ada.token,
      body: { name: 'changed', text: 'after' },
    })
    expect(put.statusCode).toBe(200)
    expect(macroSchema.parse(put.json())).toMatchObject({ id: macro.id, name: 'changed' })
    // Renaming onto another of one's own names is the same 409.
    const clash = await t.api('PUT', `/macros/${macro.id}`, {
      token: ada.token,
      body: { name: 'NORMAL CXR', text: 'after' },
    })
    expect(clash.statusCode).toBe(409)

    expect((await t.api('DELETE', `/macros/${macro.id}`, { token: ada.token })).statusCode).toBe(
      204,
    )
    expect((await listOf(ada.token)).some((item) => item.id === macro.id)).toBe(false)
    expect((await t.api('DELETE', `/macros/${macro.id}`, { token: ada.token })).statusCode).toBe(
      404,
    )
    expect(
      (
        await t.api('PUT', '/macros/no-such-id', {
          token: ada.token,
          body: { name: 'x', text: 'y' },
        })
      ).statusCode,
    ).toBe(404)
  })

  it('MAC-4 bad input answers 400 naming the field, never 500', async () => {
    const cases: unknown[] = [
      { name: '', text: 'x' },
      { name: 'a'.repeat(41), text: 'x' },
      { name: 'semi;colon', text: 'x' },
      { name: '-dash', text: 'x' },
      { name: 'ok', text: '' },
      { name: 'ok', text: 'x'.repeat(4001) },
      { name: 'ok', text: 'nul \u0000 here' },
      { name: 'ok' },
      { name: 'ok', text: 'x', extra: true },
      { name: 7, text: 'x' },
      null,
      [],
    ]
    for (const body of cases) {
      const answer = await t.api('POST', '/macros', { token: ada.token, body })
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorSchema.parse(answer.json()).error).toBe('bad_request')
    }
    expect((await create(ada.token, 'a'.repeat(40), 'x'.repeat(4000))).statusCode).toBe(201)
    expect((await create(ada.token, 'Größe 2-links', 'Umlauts are letters.')).statusCode).toBe(201)
    expect((await t.api('GET', '/macros', { token: '' })).statusCode).toBe(401)
  })
})
