/**
 * What is wrong with a received message, as its acknowledgement says it: the field (ERR-2, an ERL
 * such as PID^1^3), the code from HL7 table 0357 (ERR-3) and words for a person (ERR-8).
 */

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

export const issue = (
  segment: string,
  sequence: number,
  field: number,
  code: ErrorCode,
  text: string,
): Hl7Issue => ({
  location: `${segment}^${sequence}^${field}`,
  code,
  text,
})
