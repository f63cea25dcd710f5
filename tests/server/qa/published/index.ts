/**
 * The held-out corpus: QA cases written from published examples of laterality, sex and anatomy
 * errors in radiology reports (each case's `source`), and correct reports of the same studies.
 * Kept apart from the tuned table (../cases/): the rules were not tuned on these cases.
 *
 * History, so the figures can be judged: the corpus was written and committed before the side
 * rules QA-23 and QA-24 were written, and measured on the rules of the time (laterality precision
 * 0.941, recall 0.410; all rules 0.975 / 0.600), then on the new rules once (laterality 0.971 /
 * 0.872). After seeing those results:
 * - one rule change: QA-24's reach after a finding went from 6 to 7 words, because the rule's own
 *   documented example ("mass in the lower pole of the left kidney") was out of reach at 6; it
 *   also turned one case here (published-laterality-37) into a hit (laterality 0.972 / 0.897);
 * - two clean cases that repeated a tuned case word for word were reworded (published-sex-22,
 *   published-body_part-23; published.test.ts now refuses a shared case); their outcome is the same;
 * - the notes on the cases the rules get wrong were added.
 * Nothing else was changed to fit this corpus; its misses are listed by scripts/bench-qa.ts.
 */
import { publishedBodyPartCases } from './bodyPart'
import { publishedSexCases } from './sex'
import { publishedLateralityCases } from './laterality'
import type { PublishedCase } from './table'

export type { PublishedCase } from './table'

export const PUBLISHED_CASES: readonly PublishedCase[] = [
  ...publishedLateralityCases,
  ...publishedSexCases,
  ...publishedBodyPartCases,
]
