/**
 * IMP-15: the impression draft's answer (issue 18), read tolerantly: the draft's text is what the
 * screen needs; an unknown source is no source; an answer without text is an error.
 */
import { describe, expect, it } from 'vitest'
import { answerReaders } from '../../../../src/services/api/read/answers'

describe('the impression draft answer', () => {
  it("IMP-15 reads our server's answer as it is, trimmed", () => {
    expect(
      answerReaders.draftImpression({ impression: ' 1. Effusion.\n2. Nodule.\n', source: 'llm' }),
    ).toEqual({ ok: true, value: { impression: '1. Effusion.\n2. Nodule.', source: 'llm' } })
    expect(answerReaders.draftImpression({ impression: '', source: 'local' })).toEqual({
      ok: true,
      value: { impression: '', source: 'local' },
    })
  })

  it('IMP-15 takes a bare string or an unknown source, and refuses an answer without a draft', () => {
    expect(answerReaders.draftImpression('Effusion.')).toEqual({
      ok: true,
      value: { impression: 'Effusion.', source: null },
    })
    expect(answerReaders.draftImpression({ impression: 'Effusion.', source: 'gpt' })).toEqual({
      ok: true,
      value: { impression: 'Effusion.', source: null },
    })
    expect(answerReaders.draftImpression({ draft: 'Effusion.' })).toMatchObject({ ok: false })
  })
})
