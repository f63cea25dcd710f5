/**
 * The FHIR R4 server at /fhir (INT-76..INT-91): read and search of DiagnosticReport,
 * ServiceRequest, Patient and ImagingStudy as application/fhir+json, the CapabilityStatement, and
 * SMART Backend Services' token endpoint. Every answer but the token endpoint's is FHIR JSON
 * (`_format=json` and `Accept: application/json` too; XML is 406); every failure an
 * OperationOutcome. Read-only: any write is 405. The rows come from use cases, like every route's.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import type { Database } from '../../db/client'
import type { FhirStudyRow, PatientCriteria, StudyCriteria } from '../../domain/fhirSearch'
import type { SessionVerifier } from '../../identity/sessionVerifier'
import { bearerToken } from '../../identity/sessionVerifier'
import { searchPatients, searchStudies } from '../../usecases/fhirResources'
import { searchBundle } from './bundle'
import { capabilityStatement, smartConfiguration, TOKEN_PATH } from './capability'
import { mrnSystem } from './codes'
import { FHIR_JSON, FhirError, fhirErrorHandler, noCredentials, notFound } from './outcome'
import { imagingStudy, patientResource, reportResource, type FhirResource } from './resources'
import { parseSearch, type ParsedSearch } from './search'
import { findServiceRequests } from './serviceRequests'
import { RESOURCE_TYPES, type ResourceType } from './searchParameters'
import type { FhirClient } from './settings'
import {
  createFhirAuth,
  mayRead,
  TokenError,
  type FhirAccess,
  type TokenRequest,
} from './smartAuth'

export const FHIR_PREFIX = '/fhir'

/** Paths a client reads before it has a token. */
const OPEN_PATHS = new Set(['/metadata', '/.well-known/smart-configuration', TOKEN_PATH])

const JSON_FORMATS = new Set(['json', 'application/json', 'application/fhir+json'])

/** 406 unless the client takes JSON (FHIR's `_format` first, then `Accept`). */
function negotiate(request: FastifyRequest, query: URLSearchParams) {
  const format = query.get('_format')
  if (format !== null) {
    if (JSON_FORMATS.has(format.split(';')[0]?.trim().toLowerCase() ?? '')) return
    throw new FhirError(406, 'not-supported', `_format=${format}: this server answers JSON only.`)
  }
  const accept = request.headers.accept
  if (!accept) return
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
  if (types.some((type) => ['*/*', 'application/*', ...JSON_FORMATS].includes(type))) return
  throw new FhirError(406, 'not-supported', 'This server answers application/fhir+json only.')
}

const isResourceType = (type: string): type is ResourceType =>
  (RESOURCE_TYPES as readonly string[]).includes(type)

export const fhirServer: FastifyPluginCallback<{
  db: Database
  verifier: SessionVerifier
  clients: FhirClient[]
  now: () => Date
  /** HL7_SEND_PRELIMINARY: a trainee's report sent for review is a `preliminary` report (RV-10). */
  preliminary?: boolean
}> = (app, { db, verifier, clients, now, preliminary = false }, done) => {
  const auth = createFhirAuth({ db, clients, verifier, now, resourceTypes: RESOURCE_TYPES })
  const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${FHIR_PREFIX}`
  const queryOf = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '')
  const access = new WeakMap<FastifyRequest, FhirAccess>()

  app.setErrorHandler(fhirErrorHandler)
  app.setNotFoundHandler(() => {
    throw new FhirError(404, 'not-found', 'No such FHIR endpoint.')
  })
  // The token endpoint's body, as OAuth sends it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    },
  )

  // A FHIR write's body is read only to refuse the write (405), not with 415.
  app.addContentTypeParser(
    'application/fhir+json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, _body, done) => {
      done(null, null)
    },
  )

  app.addHook('onRequest', async (request) => {
    const path = (request.url.split('?')[0] ?? '').slice(FHIR_PREFIX.length)
    if (path === TOKEN_PATH) return
    negotiate(request, queryOf(request))
    if (OPEN_PATHS.has(path) || !['GET', 'HEAD'].includes(request.method)) return
    const token = bearerToken(request)
    const granted = token ? await auth.authenticate(token) : null
    if (!granted) throw noCredentials()
    access.set(request, granted)
  })

  const sendFhir = (body: unknown) => JSON.stringify(body)

  app.get('/metadata', async (_request, reply) =>
    reply
      .type(FHIR_JSON)
      .send(sendFhir(capabilityStatement(baseOf(_request), now().toISOString()))),
  )
  app.get('/.well-known/smart-configuration', async (request, reply) =>
    reply.type('application/json').send(smartConfiguration(baseOf(request))),
  )
  app.post(TOKEN_PATH, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache')
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      throw new FhirError(
        415,
        'not-supported',
        'The token request is a form (application/x-www-form-urlencoded).',
      )
    try {
      const body = (request.body ?? {}) as TokenRequest
      return await auth.issue(body, `${baseOf(request)}${TOKEN_PATH}`)
    } catch (error) {
      if (!(error instanceof TokenError)) throw error
      return reply
        .status(error.statusCode)
        .send({ error: error.error, error_description: error.message })
    }
  })

  /** Patient identifier tokens as patient ids: the MRN, and its system when one is given. */
  async function resolvePatients(search: ParsedSearch): Promise<StudyCriteria & PatientCriteria> {
    const { criteria } = search
    const groups = [...(criteria.patientIds ?? [])]
    for (const tokens of search.patientIdentifiers) {
      const { rows } = await searchPatients(
        db,
        { mrns: [tokens.map((token) => token.code)] },
        { offset: 0, count: tokens.length },
      )
      groups.push(
        rows
          .filter((row) =>
            tokens.some(
              (token) =>
                token.code === row.mrn &&
                (token.system === undefined || token.system === mrnSystem(row.mrnAuthority)),
            ),
          )
          .map((row) => row.id),
      )
    }
    return groups.length > 0 ? { ...criteria, patientIds: groups } : criteria
  }

  async function find(type: ResourceType, search: ParsedSearch) {
    const criteria = await resolvePatients(search)
    if (type === 'Patient') {
      const found = await searchPatients(db, criteria, search.page)
      return { total: found.total, resources: found.rows.map(patientResource) }
    }
    // Orders and the follow-ups signed reports recommend (FU-23).
    if (type === 'ServiceRequest') return findServiceRequests(db, criteria, search.page)
    const scoped: StudyCriteria = {
      ...criteria,
      ...(type === 'DiagnosticReport' ? { signed: true, preliminary } : {}),
      ...(type === 'ImagingStudy' ? { withStudyUid: true } : {}),
    }
    const found = await searchStudies(db, scoped, search.page)
    const build: (row: FhirStudyRow) => FhirResource | null =
      type === 'DiagnosticReport' ? (row) => reportResource(row, { preliminary }) : imagingStudy
    const resources = found.rows
      .map(build)
      .filter((resource): resource is FhirResource => resource !== null)
    return { total: found.total, resources }
  }

  function checkType(request: FastifyRequest, type: string, permission: 'r' | 's'): ResourceType {
    if (!isResourceType(type))
      throw new FhirError(
        404,
        'not-supported',
        `The resource type "${type}" is not supported here.`,
      )
    const granted = access.get(request)
    if (!granted || !mayRead(granted, type, permission))
      throw new FhirError(403, 'forbidden', `The token's scopes do not let it read ${type}.`)
    return type
  }

  app.get<{ Params: { type: string } }>('/:type', async (request, reply) => {
    const type = checkType(request, request.params.type, 's')
    const lenient = /\bhandling=lenient\b/i.test(String(request.headers.prefer ?? ''))
    const search = parseSearch(type, queryOf(request), lenient)
    const { total, resources } = await find(type, search)
    const bundle = searchBundle({ base: baseOf(request), type, ...search, total, resources })
    return reply.type(FHIR_JSON).send(sendFhir(bundle))
  })

  app.get<{ Params: { type: string; id: string } }>('/:type/:id', async (request, reply) => {
    const type = checkType(request, request.params.type, 'r')
    const { id } = request.params
    if (!/^[A-Za-z0-9\-.]{1,64}$/.test(id)) throw notFound(`${type}/${id}`)
    const group = type === 'Patient' ? { patientIds: [[id]] } : { orderIds: [[id]] }
    const { resources } = await find(type, {
      criteria: group,
      patientIdentifiers: [],
      page: { offset: 0, count: 1 },
      used: [],
    })
    const [resource] = resources
    if (!resource) throw notFound(`${type}/${id}`)
    return reply.type(FHIR_JSON).send(sendFhir(resource))
  })

  // Read-only: a write to any path is refused, with the OperationOutcome saying so.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: () => {
      throw new FhirError(405, 'not-supported', 'This FHIR server is read-only.')
    },
  })
  done()
}
