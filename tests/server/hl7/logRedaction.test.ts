/**
 * SEC-3 for the HL7 interface (INT-25): the server's log, at its most talkative, over orders in
 * (applied, refused, not HL7) and results out (refused, AE, acknowledged) names message types,
 * senders, control ids and codes, never a patient, an indication or a report's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListSchema } from '../../../contract'
import {
  ackOf,
  eventually,
  sendFrame,
  startTestReceiver,
  type TestReceiver,
} from '../../support/mllpPeer'
import { startTestApp, type TestApp } from '../../support/testApp'
import { skipDatabase } from '../../support/testDatabase'
import { orm } from './support'

const SECRET_NAME = 'Zyxwvutsrq'
const SECRET_INDICATION = 'Haemoptysis after travel to Quxland'
const SECRET_FINDING = 'Cavitating lesion marker LOGTEST-4417'

describe.skipIf(skipDatabase)('INT-25 the HL7 interface keeps clinical text out of the log', () => {
  let t: TestApp
  let receiver: TestReceiver
  const lines: string[] = []

  beforeAll(async () => {
    receiver = await startTestReceiver('error')
    t = await startTestApp({
      env: {
        HL7_LISTEN_PORT: '0',
        HL7_SEND_TO: `127.0.0.1:${receiver.port}`,
        HL7_ACK_TIMEOUT_MS: '300',
        HL7_RETRY_MIN_MS: '50',
        HL7_RETRY_MAX_MS: '100',
        HL7_OUTBOX_POLL_MS: '50',
      },
      logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
    })
  })
  afterAll(async () => {
    await t.close()
    await receiver.down()
  })

  it('INT-25 orders in and results out are logged by type, sender, control id and code only', async () => {
    const port = t.app.hl7.port() ?? 0
    const fields = { family: SECRET_NAME, indication: SECRET_INDICATION }
    expect(ackOf(await sendFrame(port, orm({ ...fields, accession: 'LOG-1' }))).code).toBe('AA')
    expect(ackOf(await sendFrame(port, orm({ ...fields, birth: 'x' }))).code).toBe('AE')
    expect(ackOf(await sendFrame(port, `${SECRET_NAME} ${SECRET_INDICATION}`)).code).toBe('AR')
    const token = (await t.signUp()).token
    const [order] = orderListSchema
      .parse((await t.api('GET', '/orders', { token })).json())
      .filter((o) => o.accession_number === 'LOG-1')
    const id = order?.id ?? ''
    const sections = {
      history: '',
      technique: '',
      comparison: '',
      findings: SECRET_FINDING,
      impression: SECRET_FINDING,
    }
    await t.api('PUT', `/orders/${id}/report`, { token, body: { sections } })
    await t.api('POST', `/orders/${id}/report/finalize`, { token })
    await receiver.until((r) => r.received.length >= 2)
    await receiver.down()
    await eventually(() => Promise.resolve(lines.some((line) => line.includes('failed: refused'))))
    receiver.mode = 'ack'
    await receiver.up()
    await eventually(() =>
      Promise.resolve(lines.some((line) => line.includes('acknowledged after'))),
    )
    const log = lines.join('\n')
    for (const secret of [SECRET_NAME, SECRET_INDICATION, SECRET_FINDING, 'Quxland', 'LOGTEST']) {
      expect(log).not.toContain(secret)
    }
    // What happened is still there, by code.
    expect(log).toContain('ORM^O01')
    expect(log).toMatch(/: AE \[102 PID\^1\^7\]/)
    expect(log).toContain('not an HL7 message')
    expect(log).toMatch(/attempt \d+ failed: AE/)
  })
})
