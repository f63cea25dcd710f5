/**
 * The pre-sign checks' answer (QA-16, QA-19), read tolerantly: an issue needs a message to be
 * shown; anything but 'block' is a warning, since a backend that does not say an issue blocks must
 * not stop a signature.
 */
import type { QaIssue } from '../model'
import { isRecord, readText } from './values'
import { unwrapList } from './lists'

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
