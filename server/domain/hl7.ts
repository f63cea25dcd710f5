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

/**
 * A patient as a message names them. The MRN identifies; every other field is an update (HL7
 * v2.5.1 §2.5.3, INT-52): undefined when the field was not sent (what is stored stays), else the
 * new value, a deletion (HL7's `""`) already turned into the empty value of its column.
 */
export interface PatientFields {
  /** The PID-3 repetition whose identifier type (CX-5) is the configured one (MR by default). */
  mrn: string
  /** Its assigning authority (CX-4's namespace, else its universal id), '' when none was named. */
  mrnAuthority: string
  firstName?: string | undefined
  /** Required: a new patient without it is refused (AE 101), and it is never deleted. */
  lastName?: string | undefined
  /** YYYY-MM-DD, or null when deleted or not known (a patient not yet identified, INT-57). */
  dateOfBirth?: string | null | undefined
  sex?: Sex | undefined
}

/** ORC-1 as Readout acts on it (INT-54): NW and XO create or update, CA DC OC cancel, SC is noted. */
export type OrderControl = 'NW' | 'XO' | 'CA' | 'DC' | 'OC' | 'SC'

/**
 * One order of a message: its control and accession, and for NW/XO the fields it sends, each
 * undefined when not sent (kept), null when deleted on a nullable column.
 */
export interface OrderFields {
  control: OrderControl
  accessionNumber: string
  /** ORC-2/OBR-2 and ORC-3/OBR-3 as sent; echoed in the result (ORC/OBR-2, -3). */
  placerOrderNumber?: string | null | undefined
  fillerOrderNumber?: string | null | undefined
  /** OBR-4.1 and OBR-4.3; echoed in the result's OBR-4. */
  procedureCode?: string | null | undefined
  procedureCodingSystem?: string | null | undefined
  /** Required for a new order (AE 101 naming OBR-4), never deleted. */
  studyDescription?: string | undefined
  /** Required for a new order (AE 101 naming OBR-24), never deleted. */
  modality?: string | undefined
  bodyPart?: string | undefined
  priority?: Priority | undefined
  studyInstanceUid?: string | null | undefined
  indication?: string | undefined
  orderedAt?: Date | undefined
}

/** ADT^A08 and ADT^A31 (INT-58): new demographics of a patient Readout may hold. */
export interface PatientUpdate {
  kind: 'update'
  patient: PatientFields
}

/** ADT^A40 (INT-59): the orders of the merged MRN (MRG-1) move to the surviving patient (PID-3). */
export interface PatientMerge {
  kind: 'merge'
  patient: PatientFields
  merged: { mrn: string; mrnAuthority: string }
}

/** What an order message was answered (INT-3: a resend gets the same answer). */
export interface AppliedMessage {
  ackCode: 'AA' | 'AE' | 'AR'
  issues: Hl7Issue[]
  /** True when this control id was seen before: the stored answer, nothing applied. */
  replayed: boolean
}

/**
 * A result for the signature (OBR-25 F), for an addendum or later communication (C), or for a
 * trainee's report sent for review (P, RV-7).
 */
export type ResultKind = 'final' | 'addendum' | 'preliminary'

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
    /** When it was signed; a preliminary result's: when it was sent for review. */
    finalizedAt: Date
    /** Who signed it (OBR-32); null for a preliminary result, which nobody has signed. */
    signer: { userId: string; name: string } | null
    /** The trainee whose preliminary read it was, and when they sent it (OBR-33, RV-8). */
    trainee?: { userId: string; name: string; at: Date } | null
  }
  addenda: { text: string; author: { userId: string; name: string }; at: Date }[]
  /** Critical results communicated (CR-9), oldest first: one OBX each after the impression. */
  communications?: ResultCommunication[]
}

/** The ORU^R01 text of a result: the edge's builder, handed to the outbox by the app. */
export type BuildResultMessage = (data: ResultData) => string
