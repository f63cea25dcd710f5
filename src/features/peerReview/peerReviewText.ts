/**
 * Peer review's words (PEER-15..PEER-30): the RADPEER scores as the radiologist picks them, the
 * date a study is named by, a rate as a percentage, and what a refusal says. The score codes are
 * written here with their labels (typed against the contract's), so no contract constant rides
 * into the workspace's code.
 */
import type { RadpeerScore } from '../../../contract'
import { isApiError } from '../../services/api/baseApi'

/** RADPEER (ACR, revised 2009), each score with the words it stands for. */
export const SCORE_LABELS: Readonly<Record<RadpeerScore, string>> = {
  '1': '1 — Concur with interpretation',
  '2a': '2a — Discrepancy, understandable miss, unlikely clinically significant',
  '2b': '2b — Discrepancy, understandable miss, likely clinically significant',
  '3a': '3a — Discrepancy, should be made most of the time, unlikely clinically significant',
  '3b': '3b — Discrepancy, should be made most of the time, likely clinically significant',
}
export const SCORES = Object.keys(SCORE_LABELS) as RadpeerScore[]

/** The clinician's local day of an instant, as the priors name a study: 2026-10-01. */
export function localDay(iso: string | null): string {
  if (iso === null) return ''
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(at.getFullYear())}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

const PERCENT = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 })
/** 0.3333 → '33.3%'. */
export const percent = (share: number): string => PERCENT.format(share)

/** The server's own words for a refusal (a 409's message), else the product's 'API Error: …'. */
export function refusalText(error: unknown): string {
  if (!isApiError(error)) return 'The score could not be recorded.'
  const conflict = error.conflict
  if (typeof conflict === 'object' && conflict !== null && 'message' in conflict) {
    const message = conflict.message
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  return error.message
}
