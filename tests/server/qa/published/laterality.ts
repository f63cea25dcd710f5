/**
 * Held-out `laterality` cases: the errors (./lateralityErrors) then the correct reports
 * (./lateralityClean), numbered in that order.
 */
import { lateralityClean } from './lateralityClean'
import { lateralityErrors } from './lateralityErrors'
import { publishedCasesOf } from './table'

export const publishedLateralityCases = publishedCasesOf('laterality', [
  ...lateralityErrors,
  ...lateralityClean,
])
