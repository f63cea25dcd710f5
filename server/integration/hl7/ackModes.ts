/**
 * Which acknowledgements a received message gets (HL7 v2.5.1 §2.9, INT-41..INT-43). MSH-15
 * (accept acknowledgement type) and MSH-16 (application acknowledgement type) both empty: original
 * mode, one ACK with AA, AE or AR. Either valued: enhanced mode: an accept (commit)
 * acknowledgement CA, CE or CR when MSH-15 asks for it, and an application acknowledgement AA or
 * AE as a message of its own when MSH-16 asks for it, each by HL7 table 0155 (AL always, NE never,
 * ER on error or reject only, SU on success only). docs/integration-hl7.md has the table.
 */
import type { Hl7Segment } from '@medplum/core'
import type { Hl7Issue } from '../../domain/hl7'
import { textOf } from './fields'

/** HL7 table 0155. */
export type AckCondition = 'AL' | 'NE' | 'ER' | 'SU'

export type AckMode =
  { kind: 'original' } | { kind: 'enhanced'; accept: AckCondition; application: AckCondition }

const CONDITIONS: readonly string[] = ['AL', 'NE', 'ER', 'SU']

/**
 * The mode the sender asked for. In enhanced mode an empty or unknown condition counts as AL: the
 * sender hears more rather than less (only NE silences an acknowledgement).
 */
export function ackModeOf(msh: Hl7Segment | undefined): AckMode {
  const accept = textOf(msh, 15).toUpperCase()
  const application = textOf(msh, 16).toUpperCase()
  if (accept === '' && application === '') return { kind: 'original' }
  const condition = (value: string): AckCondition =>
    CONDITIONS.includes(value) ? (value as AckCondition) : 'AL'
  return { kind: 'enhanced', accept: condition(accept), application: condition(application) }
}

/** What became of a message, as far as its acknowledgements are concerned. */
export type AckOutcome =
  /** Stored safely (in the transaction that applied it, or recorded as refused by its content). */
  | { kind: 'processed'; code: 'AA' | 'AE'; issues: readonly Hl7Issue[] }
  /** Not for this receiver: message type, processing id, version, no control id, too large. */
  | { kind: 'rejected'; issues: readonly Hl7Issue[] }
  /** Could not be stored (nothing written): the sender should send it again. */
  | { kind: 'not-stored'; issues: readonly Hl7Issue[] }

export type AckCode = 'AA' | 'AE' | 'AR' | 'CA' | 'CE' | 'CR'

/** One acknowledgement to send; `enhanced` ones carry MSH-15/16 NE so nobody answers them. */
export interface Acknowledgement {
  code: AckCode
  issues: readonly Hl7Issue[]
  enhanced: boolean
}

const wanted = (condition: AckCondition, success: boolean): boolean =>
  condition === 'AL' || (condition === 'ER' && !success) || (condition === 'SU' && success)

/**
 * The acknowledgements for `outcome` under `mode`, in the order they go out on the connection
 * (the accept acknowledgement first). A message refused before it reached the application (CR,
 * CE) has no application acknowledgement, unless MSH-15 silenced the accept one: then MSH-16 is
 * asked (AR or AE), so a sender asking for errors hears of it.
 */
export function acknowledgementsFor(mode: AckMode, outcome: AckOutcome): Acknowledgement[] {
  if (mode.kind === 'original') {
    const code =
      outcome.kind === 'processed' ? outcome.code : outcome.kind === 'rejected' ? 'AR' : 'AE'
    return [{ code, issues: outcome.issues, enhanced: false }]
  }
  const out: Acknowledgement[] = []
  if (outcome.kind === 'processed') {
    if (wanted(mode.accept, true)) out.push({ code: 'CA', issues: [], enhanced: true })
    if (wanted(mode.application, outcome.code === 'AA'))
      out.push({ code: outcome.code, issues: outcome.issues, enhanced: true })
    return out
  }
  const accept = outcome.kind === 'rejected' ? 'CR' : 'CE'
  if (wanted(mode.accept, false)) return [{ code: accept, issues: outcome.issues, enhanced: true }]
  if (wanted(mode.application, false)) {
    const code = outcome.kind === 'rejected' ? 'AR' : 'AE'
    return [{ code, issues: outcome.issues, enhanced: true }]
  }
  return out
}
