/**
 * Who may read the FHIR server, over a real socket on PGlite and PostgreSQL: system clients of
 * SMART Backend Services registered in FHIR_CLIENTS with key pairs made here (ES384 and RS384),
 * their client assertions checked at the token endpoint, their scopes enforced and writes
 * refused; and clinicians with the SPA's session token. FHIR answers are checked against the
 * official R4 JSON schema and Medplum's R4 validator (fixture.ts).
 */
import { randomUUID } from 'node:crypto'
import type { Bundle } from '@medplum/fhirtypes'
import { Client } from 'fhir-kit-client'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectValidFhir } from '../../support/fhirValidator'
import { skipDatabase } from '../../support/testDatabase'
import { startFhirFixture, type FhirFixture } from './fixture'

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'

interface Signer {
  clientId: string
  alg: 'ES384' | 'RS384'
  key: CryptoKey
}

describe.skipIf(skipDatabase)('FHIR access: SMART Backend Services and clinician sessions', () => {
  let f: FhirFixture
  let tokenUrl: string
  let warehouse: Signer
  let patientIndex: Signer
  let stranger: Signer

  beforeAll(async () => {
    const es = await generateKeyPair('ES384', { extractable: true })
    const rs = await generateKeyPair('RS384', { extractable: true })
    const other = await generateKeyPair('ES384', { extractable: true })
    const clients = [
      {
        client_id: 'reporting-warehouse',
        jwks: { keys: [{ ...(await exportJWK(es.publicKey)), kid: 'w1', alg: 'ES384' }] },
        scope: 'system/*.read',
      },
      {
        client_id: 'patient-index',
        jwks: { keys: [{ ...(await exportJWK(rs.publicKey)), kid: 'p1', alg: 'RS384' }] },
        scope: 'system/Patient.rs',
      },
    ]
    f = await startFhirFixture({ env: { FHIR_CLIENTS: JSON.stringify(clients) }, sign: 2 })
    tokenUrl = `${f.fhirBase}/auth/token`
    warehouse = { clientId: 'reporting-warehouse', alg: 'ES384', key: es.privateKey }
    patientIndex = { clientId: 'patient-index', alg: 'RS384', key: rs.privateKey }
    // Claims to be the warehouse, with a key it never registered.
    stranger = { clientId: 'reporting-warehouse', alg: 'ES384', key: other.privateKey }
  }, 120_000)
  afterAll(() => f.close())

  function assertion(
    signer: Signer,
    claims: { aud?: string; expiresIn?: number; jti?: string; iss?: string } = {},
  ) {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({})
      .setProtectedHeader({ alg: signer.alg })
      .setIssuer(claims.iss ?? signer.clientId)
      .setSubject(signer.clientId)
      .setAudience(claims.aud ?? tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + (claims.expiresIn ?? 240))
      .setJti(claims.jti ?? randomUUID())
      .sign(signer.key)
  }

  async function askToken(
    form: Record<string, string>,
    contentType = 'application/x-www-form-urlencoded',
  ) {
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: contentType.includes('json')
        ? JSON.stringify(form)
        : new URLSearchParams(form).toString(),
    })
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as Record<string, unknown>,
    }
  }

  const tokenFor = async (signer: Signer, scope: string, jti?: string) =>
    askToken({
      grant_type: 'client_credentials',
      client_assertion_type: ASSERTION_TYPE,
      client_assertion: await assertion(signer, jti ? { jti } : {}),
      scope,
    })

  it('INT-88 a registered system client trades a signed assertion for a short-lived read token, found where SMART says, and reads with it', async () => {
    const config = await f.get('/.well-known/smart-configuration', { token: null })
    expect(config.status).toBe(200)
    expect(config.body).toMatchObject({
      token_endpoint: tokenUrl,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      grant_types_supported: ['client_credentials'],
    })
    expect(config.body.token_endpoint_auth_signing_alg_values_supported).toEqual(['RS384', 'ES384'])
    const kitAnonymous = new Client({ baseUrl: f.fhirBase })
    expect(String((await kitAnonymous.smartAuthMetadata()).tokenUrl)).toBe(tokenUrl)

    const granted = await tokenFor(warehouse, 'system/*.read')
    expect(granted.status).toBe(200)
    expect(granted.headers.get('cache-control')).toBe('no-store')
    expect(granted.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 300,
      scope: 'system/*.read',
    })
    const accessToken = String(granted.body.access_token)
    const kit = new Client({ baseUrl: f.fhirBase, bearerToken: accessToken })
    const reports = (await kit.search({
      resourceType: 'DiagnosticReport',
      searchParams: {},
    })) as unknown as Bundle
    expectValidFhir(reports)
    expect(reports.total).toBe(2)
    expect(
      (await f.get(`/DiagnosticReport/${f.signed[0]!.id}`, { token: accessToken })).status,
    ).toBe(200)
    // RS384 too, with SMART v2's scope syntax.
    const rsa = await tokenFor(patientIndex, 'system/Patient.rs')
    expect(rsa.status).toBe(200)
    expect(rsa.body.scope).toBe('system/Patient.rs')
  })

  it('INT-89 the token endpoint refuses an assertion for another audience, living over five minutes, sent twice, of an unknown client or signed with another key', async () => {
    const refused = async (clientAssertion: string) =>
      askToken({
        grant_type: 'client_credentials',
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: clientAssertion,
        scope: 'system/*.read',
      })
    for (const [why, made] of [
      ['audience', assertion(warehouse, { aud: 'https://elsewhere.example/token' })],
      ['lifetime', assertion(warehouse, { expiresIn: 30 * 60 })],
      ['expired', assertion(warehouse, { expiresIn: -120 })],
      ['unknown client', assertion({ ...warehouse, clientId: 'nobody' })],
      ['iss is not sub', assertion(warehouse, { iss: 'patient-index' })],
      ['another key', assertion(stranger)],
    ] as const) {
      const res = await refused(await made)
      expect(res.status, why).toBe(401)
      expect(res.body.error, why).toBe('invalid_client')
      expect(res.body.access_token, why).toBeUndefined()
    }
    const jti = randomUUID()
    expect((await tokenFor(warehouse, 'system/*.read', jti)).status).toBe(200)
    const replay = await tokenFor(warehouse, 'system/*.read', jti)
    expect(replay.status).toBe(401)
    expect(replay.body.error).toBe('invalid_client')

    const noGrant = await askToken({ client_assertion_type: ASSERTION_TYPE, client_assertion: 'x' })
    expect(noGrant).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } })
    const json = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    })
    expect(json.status).toBe(415)
    expectValidFhir(await json.json())
  })

  it('INT-90 only read scopes are granted, each token reads only what its scopes name, and writes are refused', async () => {
    const write = await tokenFor(warehouse, 'system/*.write')
    expect(write).toMatchObject({ status: 400, body: { error: 'invalid_scope' } })
    expect((await tokenFor(warehouse, 'system/*.cruds')).body.error).toBe('invalid_scope')
    // More than it registered: refused; what it registered: granted, and no more.
    expect((await tokenFor(patientIndex, 'system/*.read')).body.error).toBe('invalid_scope')
    const mixed = await tokenFor(patientIndex, 'system/Patient.rs system/DiagnosticReport.rs')
    expect(mixed.body.scope).toBe('system/Patient.rs')
    const token = String(mixed.body.access_token)
    expect((await f.get('/Patient', { token })).status).toBe(200)
    expect((await f.get(`/Patient/${f.signed[0]!.patient_id}`, { token })).status).toBe(200)
    const forbidden = await f.get('/DiagnosticReport', { token })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body.resourceType).toBe('OperationOutcome')
    // A read-only scope: search, but not read by id.
    const searchOnly = String((await tokenFor(patientIndex, 'system/Patient.s')).body.access_token)
    expect((await f.get('/Patient', { token: searchOnly })).status).toBe(200)
    expect((await f.get(`/Patient/${f.signed[0]!.patient_id}`, { token: searchOnly })).status).toBe(
      403,
    )

    const full = String((await tokenFor(warehouse, 'system/*.read')).body.access_token)
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${f.fhirBase}/Patient/${f.signed[0]!.patient_id}`, {
        method,
        headers: { authorization: `Bearer ${full}`, 'content-type': 'application/fhir+json' },
        body: JSON.stringify({ resourceType: 'Patient' }),
      })
      expect(res.status, method).toBe(405)
      expectValidFhir(await res.json())
    }
  })

  it("INT-91 clinicians read with the SPA's session token; a system token opens nothing else, and a forged one nothing at all", async () => {
    expect((await f.get('/DiagnosticReport')).status).toBe(200)
    const system = String((await tokenFor(warehouse, 'system/*.read')).body.access_token)
    // Not a session: the product API refuses it.
    expect((await f.s.t.api('GET', '/orders', { token: system })).statusCode).toBe(401)
    // Our issuer, another key.
    const forged = await new SignJWT({ scope: 'system/*.read' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('urn:readout:fhir')
      .setAudience('urn:readout:fhir')
      .setSubject('reporting-warehouse')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(32)))
    expect((await f.get('/DiagnosticReport', { token: forged })).status).toBe(401)
    expect((await f.get('/DiagnosticReport', { token: 'garbage' })).status).toBe(401)
  })
})
