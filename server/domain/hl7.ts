/**
 * What the hospital's HL7 v2 edge (../integration/hl7) and the repositories both speak: an order
 * message read into what Readout stores (INT-1, INT-12), the problems that refuse one (INT-6), the
 * answer a message got (INT-3), and a signed result as the outbox builds its ORU^R01 from it
 * (INT-13, INT-14, CR-9). The edge reads and writes the wire format; the repositories store and
 * read these; neither imports the other.
 */
import type { Priority, ReportSectionKey, Sex } from '../../contract'

/** HL7 table 0357 (message error condition codes) as far as we answer them. */
export const ERROR_CODES = {
  100: 'Segment sequence error',
  101: 'Required field missing',
  102: 'Data type error',
  103: 'Table value not found',
  200: 'Unsupported message type',
  201: 'Unsupported event code',
  202: 'Unsupported processing id',
  203: 'Unsupported version id',
  204: 'Unknown key identifier',
  207: 'Application internal error',
} as const
export type ErrorCode = keyof typeof ERROR_CODES

/** One problem: where (ERL: segment^sequence^field), its 0357 code, and words for a person. */
export interface Hl7Issue {
  location: string
  code: ErrorCode
  text: string
}

export interface MessageHeader {
  /** MSH-3 and MSH-4, joined by '|'. */
  sender: string
  controlId: string
  /** MSH-9 as type^event, e.g. ORM^O01. */
  type: string
}

export interface PatientFields {
  /** The PID-3 repetition whose identifier type (CX-5) is the configured one (MR by default). */
  mrn: string
  /** Its assigning authority (CX-4, first component), '' when the RIS named none. */
  mrnAuthority: string
  firstName: string
  lastName: string
  /** YYYY-MM-DD, or null when PID-7 is empty (a patient not yet identified). */
  dateOfBirth: string | null
  sex: Sex
}

export interface OrderFields {
  /** ORC-1: NW creates or updates (XO too), CA cancels. */
  control: 'NW' | 'XO' | 'CA'
  accessionNumber: string
  /** ORC-2/OBR-2 and ORC-3/OBR-3 as sent, null when absent; echoed in the result (ORC/OBR-2, -3). */
  placerOrderNumber: string | null
  fillerOrderNumber: string | null
  /** OBR-4.1 and OBR-4.3, null when absent; echoed in the result's OBR-4. */
  procedureCode: string | null
  procedureCodingSystem: string | null
  studyDescription: string
  modality: string
  bodyPart: string
  priority: Priority
  studyInstanceUid: string | null
  indication: string
  orderedAt: Date
}

/** What an order message was answered (INT-3: a resend gets the same answer). */
export interface AppliedMessage {
  ackCode: 'AA' | 'AE' | 'AR'
  issues: Hl7Issue[]
  /** True when this control id was seen before: the stored answer, nothing applied. */
  replayed: boolean
}

/** A result for the signature (OBR-25 F) or for an addendum or later communication (C). */
export type ResultKind = 'final' | 'addendum'

export interface ResultCommunication {
  recipient: string
  role: string
  method: string
  at: Date
  readBack: boolean
  recordedBy: { userId: string; name: string }
}

export interface ResultData {
  controlId: string
  kind: ResultKind
  /** When this result was made: the signature's time, or the addendum's. */
  at: Date
  patient: {
    mrn: string
    mrnAuthority: string
    firstName: string
    lastName: string
    dateOfBirth: string | null
    sex: Sex
  }
  order: {
    accessionNumber: string
    placerOrderNumber: string | null
    fillerOrderNumber: string | null
    procedureCode: string | null
    procedureCodingSystem: string | null
    studyDescription: string
    modality: string
    orderedAt: Date
  }
  report: {
    sections: Record<ReportSectionKey, string>
    finalizedAt: Date
    signer: { userId: string; name: string }
  }
  addenda: { text: string; author: { userId: string; name: string }; at: Date }[]
  /** Critical results communicated (CR-9), oldest first: one OBX each after the impression. */
  communications?: ResultCommunication[]
}

/** The ORU^R01 text of a result: the edge's builder, handed to the outbox by the app. */
export type BuildResultMessage = (data: ResultData) => string
