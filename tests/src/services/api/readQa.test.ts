/**
 * API-6 for the pre-sign checks' answer (issue 18): read tolerantly, an issue needs only a
 * message, anything but 'block' is a warning, and an answer without issues is an error.
 */
import { describe, expect, it } from 'vitest'
import { answerReaders } from '../../../../src/services/api/read/answers'

describe('the pre-sign checks answer', () => {
  it("API-6 reads our server's answer as it is", () => {
    const issue = {
      code: 'laterality',
      severity: 'block',
      section: 'findings',
      message: 'The order is for the left knee; this names the right.',
      excerpt: 'Right knee effusion.',
    }
    expect(answerReaders.checkReport({ issues: [issue] })).toEqual({
      ok: true,
      value: { issues: [issue] },
    })
  })

  it('API-6 keeps issues with a message, reads an unknown severity as a warning, accepts a bare list', () => {
    expect(
      answerReaders.checkReport([
        { message: ' Check the side. ', severity: 'high' },
        { code: 'units' },
        'text',
      ]),
    ).toEqual({
      ok: true,
      value: {
        issues: [
          { code: '', severity: 'warn', section: '', message: 'Check the side.', excerpt: '' },
        ],
      },
    })
  })

  it('API-6 an answer holding no list of issues cannot be read', () => {
    expect(answerReaders.checkReport({ ok: true })).toMatchObject({ ok: false })
    expect(answerReaders.checkReport('<html>')).toMatchObject({ ok: false })
  })
})
