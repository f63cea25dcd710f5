/**
 * What is wrong with a received message, as its acknowledgement says it: the field (ERR-2, an ERL
 * such as PID^1^3), the code from HL7 table 0357 (ERR-3) and words for a person (ERR-8).
 */
import type { ErrorCode, Hl7Issue } from '../../domain/hl7'

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
