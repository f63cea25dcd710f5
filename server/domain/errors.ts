/**
 * What can go wrong, in the domain's words. Repositories and use cases throw these and know no
 * HTTP; one place, `../http/errors.ts`, gives each kind its status code and the contract's
 * `{error, message}` body (with the error's details beside them). Each carries exactly what its
 * answer needs: the code a client reads, the words a person reads, and any details (the holder of
 * a claim, CLM-2; how many `[bracketed fields]` are left, QA-15).
 */
import {
  CLAIMED_ERROR,
  FORBIDDEN_ERROR,
  reportChangedError,
  type ClaimHolder,
} from '../../contract'

/**
 * not_found 404, invalid 400, forbidden 403, conflict 409, stale 412, unavailable 502, busy 503.
 */
export type DomainErrorKind =
  'not_found' | 'invalid' | 'forbidden' | 'conflict' | 'stale' | 'unavailable' | 'busy'

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind
  constructor(
    /** The code a client reads (`error` of the answer). */
    readonly code: string,
    message: string,
    /** More of the answer, beside `error` and `message`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
    this.name = new.target.name
  }
}

/** No such thing, or none the caller may see (another clinician's macro, MAC-3). */
export class NotFound extends DomainError {
  readonly kind = 'not_found'
  constructor(what: string) {
    super('not_found', `${what} was not found.`)
  }
}

/** A request the schemas let through but the domain refuses (a cursor of no page, CLM-5). */
export class Invalid extends DomainError {
  readonly kind = 'invalid'
  constructor(message: string, code = 'bad_request') {
    super(code, message)
  }
}

/** The user's roles do not allow this (RL-2): a trainee's signature, a non-admin's Clear All. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden'
  constructor(message: string) {
    super(FORBIDDEN_ERROR, message)
  }
}

/**
 * The study is not in a state that takes this: a signed report edited, an empty one signed, a
 * macro name taken (MAC-2), a signature refused by the pre-sign rules (QA-15, CR-3).
 */
export class Conflict extends DomainError {
  readonly kind = 'conflict'
  constructor(message: string, code = 'conflict', details?: Record<string, unknown>) {
    super(code, message, details)
  }
}

/** Another clinician reads the study (CLM-2): who, so the screen can say it and offer a take-over. */
export class ClaimedByOther extends Conflict {
  constructor(readonly holder: ClaimHolder) {
    super(`${holder.name} is reading this study.`, CLAIMED_ERROR, { claimed_by: holder })
  }
}

/** The report is no longer the version the write was based on (If-Match / If-None-Match). */
export class StaleVersion extends DomainError {
  readonly kind = 'stale'
  constructor() {
    super(reportChangedError.error, reportChangedError.message)
  }
}

/** A service the answer waits on (the assistant, the model) failed; nothing was written. */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable'
}

/** Too much at once (SEC-9's kind): try again shortly. */
export class Busy extends DomainError {
  readonly kind = 'busy'
}
