/**
 * Every failure of the FHIR server as an OperationOutcome with its HTTP status (INT-79): 400 for a
 * search it cannot run, 401 without credentials, 403 beyond the token's scopes, 404 for an unknown
 * resource type or id, 405 for a write, 406 for a format other than JSON; a domain error keeps
 * its kind's status, and anything unexpected is a 500 whose outcome says nothing of why.
 */
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { DomainError } from '../../domain/errors'
import { httpErrorOf, HttpError } from '../../http/errors'

type IssueType = OperationOutcomeIssue['code']

export const FHIR_JSON = 'application/fhir+json; charset=utf-8'

export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: IssueType,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'FhirError'
  }
}

export function outcome(
  code: IssueType,
  text: string,
  severity: 'error' | 'warning' | 'information' = 'error',
): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics: text }] }
}

export const notFound = (what: string) => new FhirError(404, 'not-found', `${what} is not known.`)

export const invalidSearch = (text: string) => new FhirError(400, 'invalid', text)

export const noCredentials = () =>
  new FhirError(
    401,
    'login',
    'A bearer token is required: a clinician session, or an access token of the SMART token endpoint.',
    { 'WWW-Authenticate': 'Bearer realm="fhir"' },
  )

const ISSUE_OF_STATUS: Record<number, IssueType> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  409: 'conflict',
  413: 'too-costly',
  415: 'not-supported',
  421: 'security',
  429: 'throttled',
  503: 'transient',
}

/** The FHIR scope's error handler: the error's status, an OperationOutcome as the body. */
export function fhirErrorHandler(
  thrown: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const error = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown
  let status = 500
  let body = outcome('exception', 'The server could not complete the request.')
  if (error instanceof FhirError) {
    status = error.statusCode
    body = outcome(error.code, error.message)
    void reply.headers(error.headers)
  } else if (error instanceof HttpError) {
    status = error.statusCode
    body = outcome(ISSUE_OF_STATUS[status] ?? 'processing', error.message)
  } else {
    const code = (error as { statusCode?: unknown }).statusCode
    if (typeof code === 'number' && code >= 400 && code < 500) {
      status = code
      body = outcome(ISSUE_OF_STATUS[code] ?? 'invalid', 'The request could not be read.')
    } else {
      request.log.error({ err: error }, 'FHIR request failed')
    }
  }
  return reply.status(status).type(FHIR_JSON).send(JSON.stringify(body))
}
