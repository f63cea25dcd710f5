/**
 * The follow-up recommendations of a report (FU-1..FU-4): read at the pre-sign check and at
 * signing, confirmed or corrected by the signer in the Finalize dialog.
 *
 * Sentence by sentence (../../qa/text's sentences), clause by clause (./cues): a clause that
 * recommends, neither negated, hedged nor history, gives one item per exam it names (./exams),
 * due in the window of its interval (./intervals, ./dates) and for the finding it names, or the
 * sentence before names (./reason).
 *
 * Decisions (FU-2, FU-5):
 * - A recommendation names its exam: "follow-up in 3 months" with no modality anywhere in its
 *   sentence is skipped, not guessed from the study (the signer can add it by hand). A modality
 *   named only as context in that sentence ("the nodule on this CT warrants follow-up in 12
 *   months") is the exam when the sentence gives an interval.
 * - Its body part is the one named with the exam, else the sentence's first (the finding's
 *   organ, 'pulmonary nodule' is chest), else the sentence before's; with none, skipped.
 * - Hedged and conditional recommendations ("if clinically indicated", "could be considered",
 *   "consider", "optional") are not tracked; nor recommendations of the past ("was recommended").
 * - A series ("CT at 6-12 months, then CT at 18-24 months", "at 3, 9 and 24 months") is its
 *   first exam: the report that reads it recommends the next.
 * - The same exam in the same window is one item (findings and impression often repeat it);
 *   at most FOLLOW_UP_LIMITS.perReport items.
 * Pure: no database, no clock; `signedOn` is the day of signing in the department's time zone.
 */
import { FOLLOW_UP_LIMITS, type FollowUpProposal } from '../../../contract'
import { sentencesOf } from '../../qa/text'
import { clausesOf, isLaterStep, meaningOf } from './cues'
import { windowOf } from './dates'
import { examsIn, firstBodyPart, type Exam } from './exams'
import { intervalIn } from './intervals'
import { reasonIn } from './reason'

/** The follow-up recommendations of a report's findings and impression, in reading order. */
export function findFollowUps(
  sections: { findings: string; impression: string },
  signedOn: string,
): FollowUpProposal[] {
  const found: FollowUpProposal[] = []
  const seen = new Set<string>()
  for (const section of [sections.findings, sections.impression]) {
    let previous = ''
    for (const sentence of sentencesOf(section)) {
      for (const item of recommendationsOf(sentence.text, previous, signedOn)) {
        const key = `${item.modality}|${item.body_part}|${item.due_from}|${item.due_to}`
        if (seen.has(key) || found.length >= FOLLOW_UP_LIMITS.perReport) continue
        seen.add(key)
        found.push(item)
      }
      previous = sentence.text
    }
  }
  return found
}

/** The items one sentence recommends; `previous` is the sentence before it in its section. */
function recommendationsOf(
  sentence: string,
  previous: string,
  signedOn: string,
): FollowUpProposal[] {
  const items: FollowUpProposal[] = []
  for (const clause of clausesOf(sentence)) {
    if (isLaterStep(clause)) continue
    const meaning = meaningOf(clause)
    const interval = intervalIn(clause)
    if (meaning !== 'recommends' && !(meaning === 'none' && interval)) continue
    const all = examsIn(clause)
    let exams = all.filter((exam) => !exam.context)
    if (exams.length === 0 && interval) exams = all.slice(0, 1)
    for (const [n, exam] of exams.entries()) {
      const bodyPart = exam.bodyPart ?? firstBodyPart(sentence) ?? firstBodyPart(previous)
      if (bodyPart === null) continue
      // Each exam of several reads the interval of its own stretch of the clause (the first
      // also the words before it: "in 3 months, CT chest"); a lone exam, the clause's.
      const own =
        exams.length === 1
          ? interval
          : intervalIn(clause.slice(n === 0 ? 0 : exam.index, exams[n + 1]?.index ?? clause.length))
      items.push({
        modality: exam.modality,
        body_part: bodyPart,
        ...windowOf(own, signedOn),
        reason: reasonOf(clause, sentence, previous).slice(0, FOLLOW_UP_LIMITS.reasonChars),
        text: sentence.trim().slice(0, FOLLOW_UP_LIMITS.textChars),
      })
    }
  }
  return items
}

function reasonOf(clause: string, sentence: string, previous: string): string {
  return reasonIn(clause) || reasonIn(sentence) || reasonIn(previous)
}

export type { Exam }
