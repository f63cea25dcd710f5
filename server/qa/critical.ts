/**
 * `critical`: findings that must be communicated to the referring clinician and the
 * communication documented before the report is signed (docs/qa.md lists each with its source).
 * A mention counts when asserted: negated ("no pneumothorax"), hypothetical ("to rule out
 * pulmonary embolism") and historical ("history of aortic dissection") mentions do not. One issue
 * per finding, however many sentences of Findings and Impression state it (CR-23): its first
 * statement, in report order. Blocking until the communication is recorded.
 */
import { isAsserted } from './negation'
import { excerptOf, findPhrases, phrases, wordSpan } from './text'
import type { CheckedSentence, Issue } from './types'

/** Each critical finding by its name, with the words that name it. */
export const CRITICAL_FINDINGS: Readonly<Record<string, readonly string[]>> = {
  pneumothorax: ['pneumothorax', 'pneumothoraces', 'tension pneumothorax'],
  'intracranial hemorrhage': [
    'intracranial hemorrhage',
    'intracranial haemorrhage',
    'intracerebral hemorrhage',
    'intraparenchymal hemorrhage',
    'subarachnoid hemorrhage',
    'subarachnoid haemorrhage',
    'intraventricular hemorrhage',
    'subdural hematoma',
    'subdural haematoma',
    'subdural hemorrhage',
    'epidural hematoma',
    'extradural hematoma',
    'hemorrhagic transformation',
  ],
  'pulmonary embolism': [
    'pulmonary embolism',
    'pulmonary emboli',
    'pulmonary embolus',
    'pulmonary embolic',
    'saddle embolus',
    // "PE" alone: in a report, the abbreviation of nothing else.
    'pe',
    'filling defect in the pulmonary artery',
  ],
  'aortic dissection': [
    'aortic dissection',
    'dissection of the aorta',
    'type a dissection',
    'type b dissection',
    'intramural hematoma',
  ],
  'free intraperitoneal air': [
    'free intraperitoneal air',
    'free intraperitoneal gas',
    'pneumoperitoneum',
    'free air',
    'free subdiaphragmatic air',
  ],
  'ruptured aortic aneurysm': [
    'ruptured aortic aneurysm',
    'ruptured abdominal aortic aneurysm',
    'ruptured thoracic aortic aneurysm',
    'ruptured aaa',
    'aaa rupture',
    'ruptured aneurysm',
    'aneurysm rupture',
  ],
  'acute infarct': [
    'acute infarct',
    'acute infarction',
    'acute ischemic stroke',
    'acute stroke',
    'large vessel occlusion',
  ],
  'brain herniation': [
    'uncal herniation',
    'subfalcine herniation',
    'tonsillar herniation',
    'transtentorial herniation',
    'brain herniation',
    'midline shift',
  ],
  'spinal cord compression': ['cord compression', 'spinal cord compression'],
  'cardiac tamponade': ['cardiac tamponade', 'pericardial tamponade', 'tamponade'],
  'testicular torsion': ['testicular torsion', 'torsion of the testis'],
  'ovarian torsion': ['ovarian torsion', 'adnexal torsion', 'torsion of the ovary'],
  'ectopic pregnancy': ['ectopic pregnancy', 'ruptured ectopic'],
  'bowel ischemia': ['mesenteric ischemia', 'bowel ischemia', 'portal venous gas'],
  'bowel perforation': ['bowel perforation', 'perforated viscus', 'perforated bowel'],
  'misplaced tube': ['esophageal intubation', 'endotracheal tube in the esophagus'],
}

const CRITICAL = phrases<string>(
  Object.entries(CRITICAL_FINDINGS).flatMap(([name, words]) =>
    words.map((w) => [w, name] as const),
  ),
)

/** One critical finding asserted in the report: its first statement only. */
export interface CriticalMention {
  name: string
  section: CheckedSentence['section']
  excerpt: string
}

export function criticalMentions(sentences: readonly CheckedSentence[]): CriticalMention[] {
  const mentions: CriticalMention[] = []
  const seen = new Set<string>()
  for (const sentence of sentences) {
    if (sentence.section !== 'findings' && sentence.section !== 'impression') continue
    for (const m of findPhrases(sentence.words, CRITICAL)) {
      // By name, not by section: Findings and Impression stating one pneumothorax is one
      // finding to communicate, listed once (CR-23).
      if (!isAsserted(sentence.marks, m.start) || seen.has(m.value)) continue
      seen.add(m.value)
      const [from, to] = wordSpan(sentence, m.start, m.end)
      mentions.push({
        name: m.value,
        section: sentence.section,
        excerpt: excerptOf(sentence, from, to),
      })
    }
  }
  return mentions
}

export function criticalIssues(sentences: readonly CheckedSentence[]): Issue[] {
  return criticalMentions(sentences).map((m) => ({
    code: 'critical',
    severity: 'block',
    section: m.section,
    message: `Critical finding: ${m.name}. Communicate it and record the communication.`,
    excerpt: m.excerpt,
  }))
}
