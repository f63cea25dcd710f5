/**
 * Results out: a signed report as ORU^R01 (v2.5.1), built with @medplum/core's Hl7Message.
 * The RIS files it by what it sent (INT-66): ORC-2/OBR-2 echo its placer order number, ORC-3/OBR-3
 * the filler number (the accession when it sent none), OBR-4 its procedure code and coding system,
 * PID-3 the MRN with its assigning authority. MSH-15/16 stay empty: original acknowledgement mode,
 * the only one IHE uses, so the receiver answers AA/AE/AR (INT-70). OBR-25 is F for the signature and C for each addendum, whose message carries the whole report
 * and every addendum so far (many receivers replace the earlier result), and P for a trainee's
 * report sent for review (HL7_SEND_PRELIMINARY, RV-7), whose first OBX says it is preliminary.
 * OBR-32 names the signer, OBR-33 the trainee of a co-signed report or a preliminary one (RV-8);
 * each line of each section is one OBX of type TX, OBX-3 naming the section (IMP^IMPRESSION marks
 * the impression); each critical result communication follows (CRC, its time in OBX-14, who
 * recorded it in OBX-16), then addenda, each line with its author (OBX-16) and time (OBX-14).
 */
import { Hl7Context, Hl7Message, Hl7Segment } from '@medplum/core'
import type { ReportSectionKey, Sex } from '../../../contract'
import type { ResultData } from '../../domain/hl7'
import { PRELIMINARY_NOTE } from '../../domain/studies'
import { communicationSentence, REPORT_SECTION_KEYS } from '../../../contract'
import { escapeHl7, formatDate, formatDtm } from './fields'
import type { Hl7Config } from './settings'

/** OBX-3 of each section: code, text, and the coding system (L: local). */
const SECTION_CODES: Record<ReportSectionKey, [string, string]> = {
  history: ['HIS', 'HISTORY'],
  technique: ['TEC', 'TECHNIQUE'],
  comparison: ['COM', 'COMPARISON'],
  findings: ['FND', 'FINDINGS'],
  impression: ['IMP', 'IMPRESSION'],
}
const ADDENDUM_CODE: [string, string] = ['ADD', 'ADDENDUM']
const COMMUNICATION_CODE: [string, string] = ['CRC', 'CRITICAL RESULT COMMUNICATION']
const PRELIMINARY_CODE: [string, string] = ['PRE', 'PRELIMINARY REPORT']

/** OBR-25 and OBX-11 (HL7 table 0123 / 0085): final, corrected (an addendum), preliminary. */
const STATUS_OF: Record<ResultData['kind'], string> = {
  final: 'F',
  addendum: 'C',
  preliminary: 'P',
}

const SEX_CODES: Record<Sex, string> = { female: 'F', male: 'M', other: 'O', unknown: 'U' }

type Identity = Pick<
  Hl7Config,
  'sendingApplication' | 'sendingFacility' | 'receivingApplication' | 'receivingFacility' | 'mrn'
>

export function buildResultMessage(data: ResultData, identity: Identity): string {
  const context = new Hl7Context()
  const c = context.componentSeparator
  const s = context.subcomponentSeparator
  const t = (text: string) => escapeHl7(text, context)
  const components = (...values: string[]) => values.map(t).join(c)
  const segment = (fields: string[]) => new Hl7Segment(fields, context)
  const status = STATUS_OF[data.kind]
  const { signer, trainee } = data.report
  // OBR-32/OBR-33 are NDL: the CNN (ID number & family name, the whole display name there as it
  // has always been: we do not know how a name splits) ^ when they interpreted it.
  const interpreter = (who: { userId: string; name: string }, at: Date) =>
    [`${t(who.userId)}${s}${t(who.name)}`, formatDtm(at)].join(c)
  const { order, patient } = data
  // What the RIS sent, echoed so it can file the result (INT-66): none sent leaves ORC-2/OBR-2
  // empty, and ORC-3/OBR-3 carry the accession, Readout's own number for the study.
  const placer = t(order.placerOrderNumber ?? '')
  const filler = t(order.fillerOrderNumber ?? order.accessionNumber)
  const procedure = trimComponents(
    order.procedureCode === null
      ? ['', order.studyDescription]
      : [order.procedureCode, order.studyDescription, order.procedureCodingSystem ?? ''],
  )
    .map(t)
    .join(c)

  const segments = [
    segment([
      'MSH',
      context.getMsh2(),
      t(identity.sendingApplication),
      t(identity.sendingFacility),
      t(identity.receivingApplication),
      t(identity.receivingFacility),
      formatDtm(data.at),
      '',
      ['ORU', 'R01', 'ORU_R01'].join(c),
      t(data.controlId),
      'P',
      '2.5.1',
      '',
      '',
      // MSH-15/16 empty: original mode (INT-70).
      '',
      '',
      '',
      'UNICODE UTF-8',
    ]),
    segment([
      'PID',
      '1',
      '',
      // CX: id ^^^ assigning authority (HD namespace) ^ identifier type, the one the MRN was
      // taken by (HL7_MRN_IDENTIFIER_TYPE, MR by default) (INT-66).
      [t(patient.mrn), '', '', t(patient.mrnAuthority), t(identity.mrn.identifierType)].join(c),
      '',
      components(patient.lastName, patient.firstName),
      '',
      patient.dateOfBirth === null ? '' : formatDate(patient.dateOfBirth),
      SEX_CODES[patient.sex],
    ]),
    segment(['ORC', 'RE', placer, filler, '', 'CM']),
    segment([
      'OBR',
      '1',
      placer,
      filler,
      procedure,
      '',
      '',
      formatDtm(order.orderedAt),
      ...blank(10),
      t(order.accessionNumber),
      '',
      '',
      '',
      formatDtm(data.at),
      '',
      t(order.modality),
      status,
      ...blank(6),
      // OBR-32, principal result interpreter: the signer and when they signed (none yet for a
      // preliminary result); OBR-33, assistant result interpreter: the trainee whose preliminary
      // read it was, and when they sent it for review (RV-8).
      signer ? interpreter(signer, data.report.finalizedAt) : '',
      ...(trainee ? [interpreter(trainee, trainee.at)] : []),
    ]),
  ]

  let setId = 0
  const obx = (
    code: [string, string],
    subId: string,
    line: string,
    at: Date,
    who: { userId: string; name: string },
  ) =>
    segment([
      'OBX',
      String(++setId),
      'TX',
      [t(code[0]), t(code[1]), 'L'].join(c),
      subId,
      t(line),
      '',
      '',
      '',
      '',
      '',
      status,
      '',
      '',
      formatDtm(at),
      '',
      `${t(who.userId)}${c}${t(who.name)}`,
    ])

  // The lines' responsible observer (OBX-16): the signer, or the trainee of a preliminary read.
  const observer = signer ?? trainee ?? { userId: '', name: '' }
  if (data.kind === 'preliminary') {
    segments.push(obx(PRELIMINARY_CODE, '1', PRELIMINARY_NOTE, data.report.finalizedAt, observer))
  }
  REPORT_SECTION_KEYS.forEach((key, index) => {
    const text = data.report.sections[key]
    if (text.trim() === '') return
    for (const line of linesOf(text)) {
      segments.push(
        obx(SECTION_CODES[key], String(index + 1), line, data.report.finalizedAt, observer),
      )
    }
  })
  data.communications?.forEach((told, index) => {
    const line = communicationSentence({
      recipient: told.recipient,
      role: told.role,
      method: told.method,
      at: told.at.toISOString(),
      readBack: told.readBack,
    })
    segments.push(obx(COMMUNICATION_CODE, String(index + 1), line, told.at, told.recordedBy))
  })
  data.addenda.forEach((addendum, index) => {
    for (const line of linesOf(addendum.text)) {
      segments.push(obx(ADDENDUM_CODE, String(index + 1), line, addendum.at, addendum.author))
    }
  })
  return new Hl7Message(segments, context).toString()
}

const blank = (n: number): string[] => Array.from({ length: n }, () => '')

/** Trailing empty components dropped (`code^text`, not `code^text^`). */
function trimComponents(values: string[]): string[] {
  const kept = [...values]
  while (kept.length > 1 && kept.at(-1) === '') kept.pop()
  return kept
}

/** A text's lines, trailing blank lines dropped (one OBX per line keeps the receiver's layout). */
function linesOf(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop()
  return lines
}
