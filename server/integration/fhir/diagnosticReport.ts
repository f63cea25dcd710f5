/**
 * A signed report as a FHIR R4 DiagnosticReport: status `final`, or `appended` once an addendum
 * is added; with HL7_SEND_PRELIMINARY, a trainee's report sent for review as `preliminary`, the
 * text they sent (RV-10); the trainee beside the signer of a co-signed one (RV-11); the study as `code` (LOINC beside the local code, INT-84); the signer as a contained
 * resource; the accession as the identifier; the impression as `conclusion`; the whole text,
 * critical result communications and addenda included, as `presentedForm` (text/plain, UTF-8,
 * base64). The alias GET /orders/{id}/report/fhir contains the patient too, so its answer stands
 * on its own (INT-30); the FHIR server refers to Patient, ServiceRequest and ImagingStudy
 * instead (INT-83). Checked against the R4 definitions in tests/server/fhir.
 */
import type { Attachment, DiagnosticReport, Patient, Practitioner } from '@medplum/fhirtypes'
import { communicationSentence, type UserRef } from '../../../contract'
import { PRELIMINARY_NOTE, type SignedStudy } from '../../domain/studies'
import { accessionIdentifier, LOINC, mrnIdentifier, studyCode, type Procedure } from './codes'

export { FHIR_JSON } from './outcome'

const V2_0074 = 'http://terminology.hl7.org/CodeSystem/v2-0074'
/** Readout's own identifiers of its users (a signer's user id). */
export const LOCAL_USER_SYSTEM = 'urn:readout:user'

const PATIENT_REF = 'patient'
const SIGNER_REF = 'signer'
const TRAINEE_REF = 'trainee'

type StudyReport = SignedStudy['order']['report']

/** A report not yet signed whose preliminary read went out (RV-10): its trainee, else null. */
const pendingPreliminary = (report: StudyReport) =>
  !report.is_final &&
  (report.preliminary?.state === 'awaiting_review' || report.preliminary?.state === 'returned')
    ? report.preliminary
    : null

/**
 * Who interpreted the report, principal first (RV-11): the signer, then the trainee whose
 * preliminary read they co-signed; a preliminary report's trainee alone.
 */
function interpretersOf(report: StudyReport): [string, UserRef][] {
  const interpreters: [string, UserRef][] = []
  if (report.is_final && report.finalized_by) interpreters.push([SIGNER_REF, report.finalized_by])
  const trainee =
    pendingPreliminary(report) ??
    (report.preliminary?.state === 'signed' ? report.preliminary : null)
  if (trainee) interpreters.push([TRAINEE_REF, trainee.by])
  return interpreters
}

/** FHIR's `id` datatype; an order id outside it is left out of `id` (the accession identifies). */
export const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/

const SECTION_HEADINGS: readonly [keyof SignedStudy['order']['report']['sections'], string][] = [
  ['history', 'HISTORY'],
  ['technique', 'TECHNIQUE'],
  ['comparison', 'COMPARISON'],
  ['findings', 'FINDINGS'],
  ['impression', 'IMPRESSION'],
]

function patientOf({ order, mrn }: SignedStudy, mrnAuthority: string): Patient {
  const { patient } = order
  return {
    resourceType: 'Patient',
    id: PATIENT_REF,
    identifier: [mrnIdentifier(mrn, mrnAuthority)],
    name: [{ family: patient.last_name, given: [patient.first_name] }],
    gender: patient.sex,
    ...(patient.date_of_birth !== null && { birthDate: patient.date_of_birth }),
  }
}

function practitionerOf(id: string, signer: { user_id: string; name: string }): Practitioner {
  return {
    resourceType: 'Practitioner',
    id,
    identifier: [{ system: LOCAL_USER_SYSTEM, value: signer.user_id }],
    name: [{ text: signer.name }],
  }
}

/** The whole report as a reader sees it: the study, the sections, the signature, the addenda. */
export function reportText({ order, mrn }: SignedStudy): string {
  const { report, patient } = order
  const preliminary = pendingPreliminary(report)
  const lines = [
    order.study_description.trim() || `${order.modality} ${order.body_part}`,
    `Patient: ${patient.last_name}, ${patient.first_name} (MRN ${mrn})`,
    `Accession: ${order.accession_number}`,
    ...(preliminary ? ['', PRELIMINARY_NOTE] : []),
  ]
  for (const [key, heading] of SECTION_HEADINGS) {
    const text = report.sections[key].trim()
    if (text !== '') lines.push('', `${heading}:`, text)
  }
  for (const told of report.communications ?? []) {
    lines.push(
      '',
      communicationSentence({
        recipient: told.recipient,
        role: told.role,
        method: told.method,
        at: told.communicated_at,
        readBack: told.read_back,
      }),
    )
  }
  lines.push('', signatureLine(report))
  for (const [index, addendum] of (report.addenda ?? []).entries()) {
    lines.push(
      '',
      `ADDENDUM ${String(index + 1)} (${addendum.author.name}, ${addendum.created_at}):`,
      addendum.text.trim(),
    )
  }
  return `${lines.join('\n')}\n`
}

/** Who signed, when; with the trainee of a preliminary read first (RV-10, RV-11). */
function signatureLine(report: StudyReport): string {
  const pending = pendingPreliminary(report)
  if (pending) return `Preliminary by ${pending.by.name} at ${pending.at}, awaiting review.`
  const trainee = report.preliminary?.state === 'signed' ? report.preliminary.by.name : null
  const signer = report.finalized_by?.name
  const signed = `${signer ? ` by ${signer}` : ''}${report.finalized_at ? ` at ${report.finalized_at}` : ''}`
  return trainee ? `Preliminary by ${trainee}; signed${signed}.` : `Signed${signed}.`
}

function presentedForm(study: SignedStudy, issued: string | undefined): Attachment {
  return {
    contentType: 'text/plain; charset=utf-8',
    data: Buffer.from(reportText(study), 'utf8').toString('base64'),
    title: 'Radiology report',
    ...(issued ? { creation: issued } : {}),
  }
}

/** How the report names its patient, order and images; the alias contains the patient. */
export interface ReportContext {
  procedure: Procedure
  /** `Patient/<id>` on the FHIR server; absent: the patient is contained. */
  patientReference?: string
  /** The patient's MRN authority (contained patient). */
  mrnAuthority?: string
  basedOn?: DiagnosticReport['basedOn']
  imagingStudy?: DiagnosticReport['imagingStudy']
  lastUpdated?: string | null
}

export function diagnosticReport(study: SignedStudy, context: ReportContext): DiagnosticReport {
  const { order } = study
  const { report } = order
  const addenda = report.addenda ?? []
  const lastAddendum = addenda.at(-1)
  const preliminary = pendingPreliminary(report)
  // This version of the report was made available at its signature, or at its latest addendum;
  // a preliminary one when it was sent for review.
  const issued = lastAddendum?.created_at ?? report.finalized_at ?? preliminary?.at ?? undefined
  const interpreters = interpretersOf(report)
  const contained: (Patient | Practitioner)[] = context.patientReference
    ? []
    : [patientOf(study, context.mrnAuthority ?? '')]
  for (const [id, who] of interpreters) contained.push(practitionerOf(id, who))
  const resource: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    ...(FHIR_ID.test(order.id) ? { id: order.id } : {}),
    ...(context.lastUpdated ? { meta: { lastUpdated: context.lastUpdated } } : {}),
    ...(contained.length > 0 ? { contained } : {}),
    identifier: [accessionIdentifier(order.accession_number)],
    ...(context.basedOn ? { basedOn: context.basedOn } : {}),
    status: preliminary ? 'preliminary' : addenda.length > 0 ? 'appended' : 'final',
    // US Core DiagnosticReport Note's radiology category (LOINC) beside HL7 v2's RAD.
    category: [
      {
        coding: [
          { system: LOINC, code: 'LP29684-5', display: 'Radiology' },
          { system: V2_0074, code: 'RAD', display: 'Radiology' },
        ],
      },
    ],
    code: studyCode(order, context.procedure),
    subject: {
      reference: context.patientReference ?? `#${PATIENT_REF}`,
      display: `${order.patient.last_name}, ${order.patient.first_name}`,
    },
    ...(order.ordered_at ? { effectiveDateTime: order.ordered_at } : {}),
    ...(issued ? { issued } : {}),
    ...(interpreters.length > 0
      ? {
          resultsInterpreter: interpreters.map(([id, who]) => ({
            reference: `#${id}`,
            display: who.name,
          })),
        }
      : {}),
    ...(context.imagingStudy ? { imagingStudy: context.imagingStudy } : {}),
    presentedForm: [presentedForm(study, issued)],
  }
  const conclusion = report.sections.impression.trim()
  return conclusion === '' ? resource : { ...resource, conclusion }
}
