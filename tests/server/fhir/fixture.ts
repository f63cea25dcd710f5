/**
 * The FHIR server's tests share this: the real server on a loopback socket (PGlite, or PostgreSQL
 * in the server-pg project) with the demo data, a clinician who signed a few reports, and `get`,
 * which reads a /fhir path with global fetch and checks every FHIR answer against the official R4
 * JSON schema and Medplum's R4 validator before a test looks at it.
 */
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { orderListSchema, type Order } from '../../../contract'
import { orders, patients } from '../../../server/db/schema'
import { expectValidFhir, warmFhirValidators } from '../../support/fhirValidator'
import { startSocketServer, type SocketServer } from '../../support/socketServer'

export const sections = {
  history: 'Cough for three weeks.',
  technique: 'CT of the chest with contrast.',
  comparison: 'None.',
  findings: 'No consolidation.',
  impression: 'No acute cardiopulmonary process.',
}

export interface FhirAnswer {
  status: number
  headers: Headers
  body: Record<string, unknown> & { resourceType?: string }
}

export interface FhirFixture {
  s: SocketServer
  /** `http://127.0.0.1:<port>/fhir` */
  fhirBase: string
  token: string
  /** Orders whose reports the fixture signed, oldest signature first. */
  signed: Order[]
  /** Orders left unsigned. */
  unsigned: Order[]
  get(
    path: string,
    opts?: { token?: string | null; headers?: Record<string, string> },
  ): Promise<FhirAnswer>
  sign(order: Order): Promise<void>
  close(): Promise<void>
}

export async function startFhirFixture(
  opts: { env?: Record<string, string>; sign?: number } = {},
): Promise<FhirFixture> {
  warmFhirValidators()
  const s = await startSocketServer({ ...(opts.env ? { env: opts.env } : {}) })
  const { token } = await s.signUp('Dr Ada Signer')
  const all = orderListSchema.parse((await s.t.api('GET', '/orders', { token })).json())
  const open = all.filter((order) => order.report === null && order.status !== 'cancelled')
  const fhirBase = `${s.base}/fhir`

  async function sign(order: Order) {
    const put = await s.t.api('PUT', `/orders/${order.id}/report`, { token, body: { sections } })
    expect(put.statusCode).toBe(200)
    const fin = await s.t.api('POST', `/orders/${order.id}/report/finalize`, { token })
    expect(fin.statusCode).toBe(200)
  }

  const count = opts.sign ?? 3
  const signed = open.slice(0, count)
  for (const order of signed) await sign(order)

  async function get(
    path: string,
    {
      token: bearer = token,
      headers = {},
    }: { token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<FhirAnswer> {
    const url = path.startsWith('http') ? path : `${fhirBase}${path}`
    const res = await fetch(url, {
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
    })
    const text = await res.text()
    const body = (text === '' ? {} : JSON.parse(text)) as FhirAnswer['body']
    if (res.headers.get('content-type')?.startsWith('application/fhir+json')) expectValidFhir(body)
    return { status: res.status, headers: res.headers, body }
  }

  return {
    s,
    fhirBase,
    token,
    signed,
    unsigned: open.slice(count),
    get,
    sign,
    close: () => s.t.close(),
  }
}

/** Sets what the HL7 reader fills in (OBR-4, PID-3's authority, a UID) on an order and its patient. */
export async function setInterfaceFields(
  f: FhirFixture,
  order: Order,
  fields: {
    procedureCode?: string
    procedureCodingSystem?: string
    studyInstanceUid?: string | null
    mrnAuthority?: string
    dateOfBirth?: string | null
  },
): Promise<void> {
  const { db } = f.s.t
  const { mrnAuthority, dateOfBirth, ...orderFields } = fields
  if (Object.keys(orderFields).length > 0)
    await db.update(orders).set(orderFields).where(eq(orders.id, order.id))
  const patientFields = {
    ...(mrnAuthority !== undefined ? { mrnAuthority } : {}),
    ...(dateOfBirth !== undefined ? { dateOfBirth } : {}),
  }
  if (Object.keys(patientFields).length > 0)
    await db.update(patients).set(patientFields).where(eq(patients.id, order.patient_id))
}

export async function mrnOf(f: FhirFixture, order: Order): Promise<string> {
  const [row] = await f.s.t.db
    .select({ mrn: patients.mrn })
    .from(patients)
    .where(eq(patients.id, order.patient_id))
  return row?.mrn ?? ''
}
