/**
 * The local provider's impression draft (issue 18): only the clinician's own positive Findings
 * sentences come back, word for word, numbered when several; nothing is added.
 */
import { describe, expect, it } from 'vitest'
import { IMPRESSION_DRAFT_MAX_CHARS } from '../../../contract'
import { createLocalAssistant } from '../../../server/assistant/local'
import { localImpression, positiveSentences } from '../../../server/assistant/local/impression'

/** Each Findings sentence, and whether the draft keeps it. */
const SENTENCES: readonly (readonly [string, 'kept' | 'left out', string])[] = [
  // positive
  ['5 mm nodule in the right upper lobe.', 'kept', 'a measured finding'],
  ['Small left pleural effusion.', 'kept', 'a finding'],
  ['Moderate cardiomegaly.', 'kept', 'a finding'],
  ['Mild degenerative changes of the lower lumbar spine.', 'kept', 'a finding'],
  ['There is a displaced fracture of the distal radius.', 'kept', '"there is" asserts'],
  ['Small left pleural effusion without pneumothorax.', 'kept', 'positive, then negated'],
  ['No change in the small right pneumothorax.', 'kept', '"no change" negates nothing'],
  ['A small fracture cannot be excluded.', 'kept', '"cannot be excluded" is possible'],
  ['Normal heart size; 6 mm nodule in the left lower lobe.', 'kept', 'its second half'],
  ['Liver normal in size, with a 2 cm cyst.', 'kept', 'normal, but measured'],
  ['Stable 4 mm nodule.', 'kept', 'stable is not normal'],
  ['2) Subsegmental atelectasis at the left base.', 'kept', 'without its list number'],
  // negated
  ['No pleural effusion.', 'left out', 'negated'],
  ['No focal consolidation, pleural effusion, or pneumothorax.', 'left out', 'a negated list'],
  ['There is no pneumothorax.', 'left out', 'negated after "there is"'],
  ['Pneumothorax has resolved.', 'left out', 'a post-trigger'],
  ['No evidence of fracture or dislocation.', 'left out', 'a multi-word trigger'],
  ['Free intraperitoneal air is not seen.', 'left out', 'a post-trigger'],
  ['Resolved right pleural effusion.', 'left out', 'resolved reaches both ways'],
  ['No acute osseous abnormality.', 'left out', '"no acute"'],
  // normal
  ['Heart size is normal.', 'left out', 'normal'],
  ['The lungs are clear.', 'left out', 'normal'],
  ['The visualized osseous structures are unremarkable.', 'left out', 'normal'],
  ['Alignment is maintained.', 'left out', 'normal'],
  ['Joint spaces are preserved.', 'left out', 'normal'],
  ['Within normal limits.', 'left out', 'normal'],
  // borderline
  ['No interval change.', 'left out', 'says nothing found'],
  ['LUNGS:', 'left out', 'a label'],
  ['1.', 'left out', 'a list number'],
  ['Evaluate for pneumonia.', 'left out', 'hypothetical only'],
  ['None.', 'left out', 'says nothing found'],
  ['Abnormal signal in the medial meniscus.', 'kept', '"abnormal" is not "normal"'],
]

describe('the local impression draft', () => {
  it.each(SENTENCES)('IMP-3 "%s" is %s (%s)', (sentence, expected) => {
    const kept = positiveSentences(sentence)
    if (expected === 'kept') {
      expect(kept).toHaveLength(1)
      expect(sentence).toContain(kept[0])
    } else {
      expect(kept).toEqual([])
    }
  })

  it('IMP-3 keeps the clinician’s positive sentences word for word, in order, numbered, and adds no word of its own', async () => {
    const findings = SENTENCES.map(([sentence]) => sentence).join('\n')
    const { impression, source } = await createLocalAssistant().draftImpression(findings)

    expect(source).toBe('local')
    const lines = impression.split('\n')
    const kept = SENTENCES.filter(([, expected]) => expected === 'kept').map(([s]) => s)
    expect(lines).toHaveLength(kept.length)
    for (const [i, line] of lines.entries()) {
      const match = /^(\d+)\. (.+)$/.exec(line)
      expect(match?.[1]).toBe(String(i + 1))
      // Every line is (a part of) one sentence of the findings, in the findings' order.
      expect(findings).toContain(match?.[2])
      expect(kept[i]).toContain(match?.[2])
    }
    // No word of the draft that is not the clinician's (numbering aside): no diagnosis is added.
    const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]+/g))
    const theirs = words(findings)
    for (const word of words(impression)) expect(theirs).toContain(word)
  })

  it('IMP-3 a single positive sentence comes back alone, unnumbered', () => {
    expect(localImpression('Lungs are clear. Small left pleural effusion. No pneumothorax.')).toBe(
      'Small left pleural effusion.',
    )
  })

  it('IMP-4 Findings with nothing positive, or none at all, give an empty draft', async () => {
    const local = createLocalAssistant()
    expect(
      await local.draftImpression('The lungs are clear. No pleural effusion or pneumothorax.'),
    ).toEqual({ impression: '', source: 'local' })
    expect(await local.draftImpression('   ')).toEqual({ impression: '', source: 'local' })
  })

  it('IMP-3 a long draft stops at a whole sentence within the length cap', () => {
    const sentence = `Small ${'very '.repeat(60)}subtle nodule.`
    const impression = localImpression(Array.from({ length: 40 }, () => sentence).join(' '))
    expect(impression.length).toBeLessThanOrEqual(IMPRESSION_DRAFT_MAX_CHARS)
    expect(impression.endsWith('subtle nodule.')).toBe(true)
  })
})
