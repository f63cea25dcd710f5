/**
 * QA-9: how the pre-sign checks read a section: sentences, and NegEx-style negation scope
 * (pre- and post-triggers, pseudo-triggers, termination terms, the window). QA-12: the finalize
 * path's question, whether a report asserts a critical finding.
 */
import { describe, expect, it } from 'vitest'
import { criticalFindings, hasCriticalFindings } from '../../../server/qa'
import { qualifiers, SCOPE } from '../../../server/qa/negation'
import { excerptOf, sentencesOf } from '../../../server/qa/text'

/** The words of a one-sentence text that a trigger qualifies, as `word:kind`. */
function marked(text: string): string[] {
  const [sentence] = sentencesOf(text)
  if (!sentence) return []
  const marks = qualifiers(sentence.words)
  return sentence.words.flatMap((w, i) => (marks[i] ? [`${w.lower}:${marks[i]}`] : []))
}

const sections = (findings: string, impression = 'See findings.') => ({
  history: '',
  technique: '',
  comparison: '',
  findings,
  impression,
})

describe('sentences', () => {
  it('QA-9 a sentence ends at . ! ? ; and line breaks, not inside a number or after an abbreviation', () => {
    expect(
      sentencesOf('Nodule 5.2 cm, approx. 3 mm thick; stable. Dr. Lee called!\nNew line? Yes').map(
        (s) => s.text,
      ),
    ).toEqual([
      'Nodule 5.2 cm, approx. 3 mm thick',
      'stable.',
      'Dr. Lee called!',
      'New line?',
      'Yes',
    ])
  })

  it('QA-9 a sentence keeps its offset in the section', () => {
    const text = 'First.  Second one.'
    const [, second] = sentencesOf(text)
    expect(second && text.slice(second.start, second.start + second.text.length)).toBe(
      'Second one.',
    )
  })

  it('QA-9 a long sentence is quoted around the words an issue is about, whole words only', () => {
    const [sentence] = sentencesOf(`${'word '.repeat(40)}right knee effusion ${'more '.repeat(40)}`)
    if (!sentence) throw new Error('no sentence')
    const from = sentence.text.indexOf('right')
    const excerpt = excerptOf(sentence, from, from + 'right knee effusion'.length)
    expect(excerpt).toContain('right knee effusion')
    expect(excerpt.length).toBeLessThanOrEqual(124)
    expect(excerpt).toMatch(/^…word .* more…$/)
  })
})

describe('negation scope', () => {
  it('QA-9 a pre-trigger negates the words after it', () => {
    expect(marked('No right pneumothorax')).toEqual(['right:negated', 'pneumothorax:negated'])
    expect(marked('Negative for pulmonary embolism')).toEqual([
      'pulmonary:negated',
      'embolism:negated',
    ])
    expect(marked('No evidence of free air')).toEqual(['free:negated', 'air:negated'])
    expect(marked('Free of effusion')).toEqual(['effusion:negated'])
  })

  it('QA-9 a post-trigger negates the words before it', () => {
    expect(marked('Pneumothorax is absent')).toEqual(['pneumothorax:negated'])
    expect(marked('Pulmonary embolism was ruled out')).toEqual([
      'pulmonary:negated',
      'embolism:negated',
    ])
    expect(marked('The pneumothorax has resolved')).toEqual(['the:negated', 'pneumothorax:negated'])
  })

  it('QA-9 a pseudo-trigger negates nothing', () => {
    expect(marked('No change in the pneumothorax')).toEqual([])
    expect(marked('Not only an effusion but a mass')).toEqual([])
    expect(marked('Pulmonary embolism cannot be excluded')).toEqual([])
  })

  it('QA-9 a termination term ends the scope', () => {
    expect(marked('No effusion but a right pneumothorax')).toEqual(['effusion:negated'])
    expect(marked('No effusion, however there is a pneumothorax')).toEqual(['effusion:negated'])
    expect(marked('No mass which would explain the pneumothorax')).toEqual(['mass:negated'])
  })

  it(`QA-9 the scope is ${String(SCOPE)} words`, () => {
    const words = Array.from({ length: SCOPE + 2 }, (_, i) => `w${String(i)}`)
    expect(marked(`No ${words.join(' ')}`)).toEqual(
      words.slice(0, SCOPE).map((w) => `${w}:negated`),
    )
  })

  it('QA-9 hypothetical and historical triggers qualify without negating', () => {
    expect(marked('To rule out pulmonary embolism')).toEqual([
      'pulmonary:hypothetical',
      'embolism:hypothetical',
    ])
    expect(marked('History of aortic dissection')).toEqual([
      'aortic:hypothetical',
      'dissection:hypothetical',
    ])
  })

  it('QA-9 a negation does not cross a sentence', () => {
    expect(marked('No effusion. Right pneumothorax')).toEqual(['effusion:negated'])
  })
})

describe('critical findings for the finalize path', () => {
  it('QA-12 names each asserted critical finding once, in report order', () => {
    expect(
      criticalFindings(
        sections(
          'Small right pneumothorax. No pulmonary embolism.',
          'Right pneumothorax. Free intraperitoneal air.',
        ),
      ),
    ).toEqual(['pneumothorax', 'free intraperitoneal air'])
  })

  it('QA-12 a report with only negated, hypothetical or historical mentions has none', () => {
    const report = sections(
      'No pneumothorax. Pulmonary embolism is ruled out.',
      'History of aortic dissection. Evaluate for free air: none.',
    )
    expect(criticalFindings(report)).toEqual([])
    expect(hasCriticalFindings(report)).toBe(false)
    expect(hasCriticalFindings(sections('Acute subdural hematoma.'))).toBe(true)
  })
})
