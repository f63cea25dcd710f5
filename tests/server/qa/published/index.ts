/**
 * The held-out corpus: QA cases written from published examples of laterality, sex and anatomy
 * errors in radiology reports (each case's `source`), and correct reports of the same studies.
 * Kept apart from the tuned table (../cases/): the rules were not tuned on these cases. The cases
 * were written before the side rules QA-23 and QA-24 and measured once; see docs/qa.md for the
 * numbers, and the list below for any rule change made after seeing them.
 *
 * Rule changes made after measuring this corpus: none.
 */
import { publishedBodyPartCases, publishedSexCases } from './anatomy'
import { publishedLateralityCases } from './laterality'
import type { PublishedCase } from './table'

export type { PublishedCase } from './table'

export const PUBLISHED_CASES: readonly PublishedCase[] = [
  ...publishedLateralityCases,
  ...publishedSexCases,
  ...publishedBodyPartCases,
]
