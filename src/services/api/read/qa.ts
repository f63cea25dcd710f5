/**
 * The pre-sign checks' answer (QA-16, QA-19), read tolerantly: an issue needs a message to be
 * shown; anything but 'block' is a warning, since a backend that does not say an issue blocks must
 * not stop a signature.
 */
import type { QaIssue } from '../model'
import { isRecord, readText } from './values'
import { unwrapList } from './lists'
import { readFollowUpProposals, type FollowUpProposal } from './followUps'

function readIssue(raw: unknown): QaIssue | null {
  if (!isRecord(raw)) return null
  const message = readText(raw.message)?.trim()
  if (!message) return null
  return {
    code: readText(raw.code) ?? '',
    severity: raw.severity === 'block' ? 'block' : 'warn',
    section: readText(raw.section) ?? '',
    message,
    excerpt: readText(raw.excerpt) ?? '',
  }
}

/** The issues of an answer (`{issues: [...]}` or a bare list), or null when it holds none. */
export function readQaIssues(raw: unknown): QaIssue[] | null {
  const list = unwrapList(isRecord(raw) && 'issues' in raw ? raw.issues : raw)
  if (!list) return null
  return list.map(readIssue).filter((issue): issue is QaIssue => issue !== null)
}

/**
 * The whole check answer: its issues, and the follow-up recommendations it found (FU-25) when
 * the backend says (absent: a backend without follow-ups). Null when it holds no issue list.
 */
export function readCheckAnswer(
  raw: unknown,
): { issues: QaIssue[]; follow_ups?: FollowUpProposal[] } | null {
  const issues = readQaIssues(raw)
  if (!issues) return null
  const proposals = readFollowUpProposals(raw)
  return proposals ? { issues, follow_ups: proposals } : { issues }
}
