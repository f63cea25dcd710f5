/**
 * Answers to questions about a study, built only from the order, the patient record and the
 * current report: the local assistant never interprets images, so it never states a finding or a
 * diagnosis that is not already written down.
 */
import { REPORT_SECTION_KEYS } from '../../../contract'
import type { ReportSectionKey } from '../../../contract'
import type { PriorContext, StudyContext } from '../types'
import { SECTION_LABELS } from './headings'
import { describeExam, describePatient, historyOf, indicationOf, priorityLabel } from './summary'

export const HELP_TEXT = [
  'I can answer from this study’s data: the indication, the patient’s clinical history, the exam (modality, body part, accession), the patient’s age and sex, the priority, the patient’s prior imaging, and what the report says so far.',
  'I can also place dictated text into the report: start each part with its heading, e.g. "Findings: ..." and "Impression: ...".',
  'I do not look at images, so I do not suggest findings or diagnoses.',
].join(' ')

type Topic = 'summary' | 'patient' | 'exam' | 'priority' | 'indication' | 'history'

const TOPIC_WORDS: Record<Topic, { strong: readonly string[]; weak: readonly string[] }> = {
  summary: { strong: ['summary', 'summarize', 'summarise', 'overview', 'brief'], weak: [] },
  patient: {
    strong: ['age', 'sex', 'gender', 'born', 'birth', 'birthday', 'dob', 'male', 'female'],
    weak: ['patient', 'name', 'who'],
  },
  exam: {
    strong: ['modality', 'accession', 'protocol', 'bodypart'],
    weak: ['exam', 'examination', 'study', 'scan', 'procedure', 'imaging', 'ordered'],
  },
  priority: { strong: ['priority', 'urgent', 'urgency', 'stat', 'routine', 'emergent'], weak: [] },
  indication: { strong: ['indication', 'indications', 'reason', 'why'], weak: [] },
  history: {
    strong: [
      'history',
      'histories',
      'condition',
      'conditions',
      'comorbidity',
      'comorbidities',
      'pmh',
      'background',
    ],
    weak: ['medical', 'prior', 'previous'],
  },
}

const SECTION_WORDS: Record<ReportSectionKey, readonly string[]> = {
  history: [],
  technique: ['technique'],
  comparison: ['comparison', 'comparisons'],
  findings: ['findings', 'finding'],
  impression: ['impression', 'impressions', 'conclusion'],
}

const WHOLE_REPORT_WORDS = ['report', 'dictated', 'draft', 'written', 'sections']

function none(key: ReportSectionKey): string {
  return key === 'findings'
    ? 'There are no findings recorded in the report yet.'
    : `There is no ${SECTION_LABELS[key].toLowerCase()} recorded in the report yet.`
}

function sectionAnswer(study: StudyContext, key: ReportSectionKey): string {
  const text = study.report?.sections[key].trim() ?? ''
  return text === '' ? none(key) : `${SECTION_LABELS[key]} (current report): ${text}`
}

function reportAnswer(study: StudyContext): string {
  if (!study.report) return 'No report has been started for this study yet.'
  const report = study.report
  const written = REPORT_SECTION_KEYS.filter((key) => report.sections[key].trim() !== '')
  if (written.length === 0) return 'The report has no text yet.'
  return [
    report.isFinal ? 'The final report:' : 'The report so far:',
    ...written.map((key) => `${SECTION_LABELS[key]}: ${report.sections[key].trim()}`),
  ].join('\n')
}

function historyAnswer(study: StudyContext): string {
  const items = historyOf(study.patient)
  return items.length === 0
    ? 'No clinical history is recorded for this patient.'
    : ['Clinical history:', ...items.map((item) => `- ${item}`)].join('\n')
}

function indicationAnswer(study: StudyContext): string {
  const indication = indicationOf(study.order)
  return indication === null
    ? 'No indication was provided with the order.'
    : `Indication: ${indication}`
}

/** "any prior imaging?", "previous CT", "old films", "priors". */
const PRIOR_IMAGING =
  /\b(priors|(prior|previous|earlier|old|outside|last)\s+(imaging|studies|study|exams?|examinations?|scans?|films?|images|ct|cts|mri|mris|x-?rays?|radiographs?|ultrasounds?|us))\b/
/** "compare with the prior", "comparison to the last CT"; not the report's COMPARISON section. */
const COMPARE = /\b(compare|compared|comparing)\b|\bcomparison (with|to)\b/

function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10)
}

function priorLine(prior: PriorContext): string {
  const impression = prior.impression
    ? ` Impression: ${prior.impression}`
    : ' No signed impression.'
  return `- ${dayOf(prior.orderedAt)} ${prior.description} (${prior.modality}).${impression}`
}

/** The patient's other studies, newest first, with what was signed for them. */
function priorsAnswer(priors: readonly PriorContext[]): string {
  if (priors.length === 0) return 'No prior imaging is on record for this patient.'
  return ['Prior imaging for this patient, newest first:', ...priors.map(priorLine)].join('\n')
}

/**
 * The prior to compare with: the newest of the same modality and body part (by the description),
 * else of the same modality, else the newest. The comparison of images is the radiologist's.
 */
function compareAnswer(study: StudyContext, priors: readonly PriorContext[]): string {
  const part = study.order.bodyPart.toLowerCase()
  const sameModality = priors.filter((prior) => prior.modality === study.order.modality)
  const prior =
    sameModality.find((candidate) => candidate.description.toLowerCase().includes(part)) ??
    sameModality[0] ??
    priors[0]
  if (!prior) return 'There is no prior imaging on record for this patient to compare with.'
  return [
    `The most relevant prior is ${prior.description}, ${dayOf(prior.orderedAt)}.`,
    prior.impression
      ? `Its signed impression: ${prior.impression}`
      : 'It has no signed impression.',
    "I do not look at images, so the comparison itself is yours; 'Use as comparison' beside the report writes the prior into COMPARISON.",
  ].join('\n')
}

/** Answers a question from the study's data, or explains what the assistant can do. */
export function answerQuestion(study: StudyContext, question: string, now: Date): string {
  const words = new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
  const lower = question.toLowerCase()
  const has = (list: readonly string[]) => list.some((w) => words.has(w))
  // "the history section" means the report's History, not the patient's medical history.
  const aboutReport = words.has('report') || words.has('section') || words.has('sections')

  const sections = REPORT_SECTION_KEYS.filter(
    (key) => has(SECTION_WORDS[key]) || (key === 'history' && aboutReport && words.has('history')),
  )
  const strong = (Object.keys(TOPIC_WORDS) as Topic[]).filter(
    (topic) =>
      has(TOPIC_WORDS[topic].strong) ||
      (topic === 'patient' && lower.includes('how old')) ||
      (topic === 'exam' && lower.includes('body part')) ||
      (topic === 'history' && lower.includes('past medical')),
  )
  let topics = strong.filter((topic) => !(topic === 'history' && sections.includes('history')))
  const wholeReport = sections.length === 0 && has(WHOLE_REPORT_WORDS)
  if (topics.length === 0 && sections.length === 0 && !wholeReport) {
    topics = (Object.keys(TOPIC_WORDS) as Topic[]).filter((topic) => has(TOPIC_WORDS[topic].weak))
  }

  const { priors } = study
  const aboutPriors = PRIOR_IMAGING.test(lower) || COMPARE.test(lower)
  if (priors && aboutPriors && strong.length === 0 && sections.length === 0) {
    // "Prior" and "previous" also point at the history; here they ask about imaging.
    return COMPARE.test(lower) ? compareAnswer(study, priors) : priorsAnswer(priors)
  }

  const answers: string[] = []
  if (topics.includes('summary')) {
    answers.push(
      `Patient: ${describePatient(study.patient, now)}`,
      `Exam: ${describeExam(study.order)}`,
      indicationAnswer(study),
      historyAnswer(study),
    )
  } else {
    if (topics.includes('patient')) answers.push(`Patient: ${describePatient(study.patient, now)}`)
    if (topics.includes('exam')) answers.push(`Exam: ${describeExam(study.order)}`)
    if (topics.includes('priority') && !topics.includes('exam')) {
      answers.push(`Priority: ${priorityLabel(study.order.priority)}`)
    }
    if (topics.includes('indication')) answers.push(indicationAnswer(study))
    if (topics.includes('history')) answers.push(historyAnswer(study))
  }
  for (const key of sections) answers.push(sectionAnswer(study, key))
  if (wholeReport) answers.push(reportAnswer(study))
  if (sections.length > 0 && study.report?.isFinal) answers.push('The report is final.')

  return answers.length === 0 ? HELP_TEXT : answers.join('\n')
}
