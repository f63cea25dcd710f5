/**
 * How a clause means a recommendation (FU-2): whether it recommends at all, and whether it is
 * negated ("no follow-up imaging is needed"), hedged ("if clinically indicated", "could be
 * considered") or history ("follow-up CT was recommended on the prior report"). Negated, hedged
 * and historical clauses are not tracked: a tracked item is an actionable recommendation, and the
 * signer can add a hedged one by hand in the Finalize dialog.
 */

/** Words that make a clause a recommendation. */
const RECOMMENDS =
  /\brecommend\w*|\badvis\w*|\bsuggest\w*|\bfollow[\s-]?up\b|\bfollowup\b|\bsurveillance\b|\bshould\b|\bwarrant\w*|\bindicated\b|\bneeded\b|\bnecessary\b|\brequired?\b|\brepeat\w*|\bre-?imag\w*|\bre-?evaluat\w*|\bfurther (?:evaluation|characteri[sz]ation|assessment|imaging|workup|work-up)\b|\bto (?:ensure|document|confirm|assess) (?:resolution|stability|clearing)\b|\bwould be (?:helpful|useful|prudent|beneficial|advisable)\b|\bplease\b|\bobtain\w*|\bperform\w*|\bconsider\w*|\bdedicated\b/i

/** A clause saying no imaging is needed. */
const NEGATED: readonly RegExp[] = [
  /\bno (?:\w+[\s-]+){0,3}(?:follow[\s-]?up|followup|imaging|evaluation|work-?up|surveillance|assessment|ct|mri|ultrasound|action|intervention)\b/i,
  /\bnot (?:\w+\s+){0,2}(?:needed|necessary|required|recommended|indicated|warranted|advised|suggested)\b/i,
  /\b(?:does|do|did|would|will) not (?:\w+\s+)?(?:require|need|warrant|apply|necessitate)\b/i,
  /\b(?:unnecessary|not applicable|need not|no need|none (?:is )?(?:needed|required|necessary))\b/i,
  /\bdo not apply\b|\bdoes not apply\b|\bnot apply\b/i,
]

/** A clause making its recommendation conditional or optional. */
const HEDGED: readonly RegExp[] = [
  /\bif (?:clinically|symptoms?|symptomatic|there (?:is|are)|desired|needed|warranted|indicated|concern|further|persistent|the patient|appropriate|not already|any)\b/i,
  /\b(?:as|when|where) clinically (?:indicated|warranted|appropriate|needed|relevant)\b/i,
  /\b(?:could|may|can|might) (?:\w+\s+)?(?:be )?(?:considered|performed|obtained|helpful|useful|of (?:use|value|benefit)|be done|pursued)\b/i,
  /\bconsider\w*\b/i,
  /\boptional(?:ly)?\b|\bat the (?:discretion|clinician's discretion)\b|\bdepending on\b|\bper clinical\b|\bshould (?:symptoms|there)\b/i,
  /\bclinical (?:judgment|decision|correlation)\b.*\b(?:regarding|whether|as to)\b/i,
]

/** A clause telling what was recommended before, or what this study is. */
const HISTORY =
  /\b(?:was|were|had been|has been|have been) (?:\w+\s+)?(?:recommended|advised|suggested|performed|obtained|done)\b|\bpreviously (?:recommended|suggested|advised)\b|\bprior recommendation\b|\bago\b|\bpresents? for\b|\bcomparison\b|\bcompared (?:to|with)\b|\bsince\b/i

/** A recommendation in the present, which history words elsewhere in the clause do not undo. */
const PRESENT =
  /\b(?:is|are|be|again|also|now|strongly|hereby|still|therefore)\s+(?:\w+\s+)?(?:recommended|advised|suggested)\b|\brecommend(?:s|ation(?:s)? (?:is|are|would be|include\w*))?\b|\bsuggests?\b(?! (?:a |an |the )?(?:benign|malignan|neoplas|infect|inflamm))|\badvise\b|\bshould\b|\bwarrant(?:s|ed)?\b|\bplease\b/i

export type Meaning = 'recommends' | 'negated' | 'hedged' | 'history' | 'none'

/** What a clause means for follow-up: a recommendation, one negated, hedged, history, or none. */
export function meaningOf(clause: string): Meaning {
  if (NEGATED.some((p) => p.test(clause))) return 'negated'
  if (HISTORY.test(clause) && !PRESENT.test(clause)) return 'history'
  if (HEDGED.some((p) => p.test(clause))) return 'hedged'
  return RECOMMENDS.test(clause) ? 'recommends' : 'none'
}

/**
 * A sentence's clauses: a recommendation's negation or hedge reaches the end of its clause only
 * ("No follow-up is needed for the cyst, but the adrenal nodule warrants CT in 12 months"), and
 * a series' "then" starts a clause of its own.
 */
export function clausesOf(sentence: string): string[] {
  return sentence
    .split(/,?\s+(?:but|however|whereas|although|though|while)\b,?\s*|;\s*|,\s*(?=then\b)/i)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '')
}

/**
 * A later step of a series ("CT at 6-12 months, then CT at 18-24 months"): a sequence is
 * tracked by its first exam, since the next report recommends the rest (FU-3).
 */
export function isLaterStep(clause: string): boolean {
  return /^(?:then|and then|followed by|subsequently|thereafter)\b/i.test(clause)
}
