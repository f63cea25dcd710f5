/**
 * `sex`: anatomy of the other sex than the patient's recorded sex (prostate, testis, seminal
 * vesicles in a female patient; uterus, ovary, cervix in a male). A mention not negated blocks,
 * a historical or hypothetical one too ("history of prostate cancer"); a negated one ("no testicular mass") still names the wrong anatomy, a template of the other sex,
 * so it warns. A patient whose sex is `other` or `unknown` is not checked: nothing can be
 * concluded, and the record may not say what anatomy the patient has.
 */
import { isNamed } from './negation'
import { excerptOf, findPhrases, phrases, wordSpan } from './text'
import type { CheckedSentence, Issue, QaStudy } from './types'

type Anatomy = 'male' | 'female'

const SEXED = phrases<Anatomy>([
  ...[
    'prostate',
    'prostatic',
    'seminal vesicle',
    'seminal vesicles',
    'testis',
    'testes',
    'testicle',
    'testicles',
    'testicular',
    'scrotum',
    'scrotal',
    'epididymis',
    'epididymal',
    'penis',
    'penile',
    'vas deferens',
    'spermatic cord',
  ].map((w) => [w, 'male'] as const),
  ...[
    'uterus',
    'uterine',
    'endometrium',
    'endometrial',
    'myometrium',
    'myometrial',
    'ovary',
    'ovaries',
    'ovarian',
    'cervix',
    'fallopian tube',
    'fallopian tubes',
    'vagina',
    'vaginal',
    'placenta',
    'placental',
    'gestational sac',
    'intrauterine pregnancy',
  ].map((w) => [w, 'female'] as const),
])

export function sexIssues(study: QaStudy, sentences: readonly CheckedSentence[]): Issue[] {
  const foreign: Anatomy | null =
    study.sex === 'female' ? 'male' : study.sex === 'male' ? 'female' : null
  if (!foreign) return []
  const issues: Issue[] = []
  for (const sentence of sentences) {
    const found = findPhrases(sentence.words, SEXED).filter((m) => m.value === foreign)
    const first = found.find((m) => isNamed(sentence.marks, m.start)) ?? found[0]
    if (!first) continue
    const asserted = isNamed(sentence.marks, first.start)
    const [from, to] = wordSpan(sentence, first.start, first.end)
    issues.push({
      code: 'sex',
      severity: asserted ? 'block' : 'warn',
      section: sentence.section,
      message: `${foreign === 'male' ? 'Male' : 'Female'} anatomy in a report on a ${study.sex} patient.`,
      excerpt: excerptOf(sentence, from, to),
    })
  }
  return issues
}
