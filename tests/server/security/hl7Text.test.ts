/**
 * SEC-34 over real MLLP: an order whose patient's name holds a character that deceives (raw, or
 * as a hexadecimal escape in the message's character set), or whose other text holds one free
 * text refuses, is refused with AE and ERR 102 naming the field, and nothing is stored; the marks
 * right-to-left text needs stay allowed outside names, and names in any script are taken.
 */
import { describe, expect, it } from 'vitest'
import { skipDatabase } from '../../support/testDatabase'
import { orderByAccession, orm, type OrmOptions } from '../hl7/support'
import { exchange, readAck, withHeader, withListener } from '../hl7/wire'

describe.skipIf(skipDatabase)('text that deceives, over MLLP', () => {
  const listener = withListener()
  const db = () => listener.app().db
  let sent = 0
  const send = async (fields: Omit<OrmOptions, 'accession'>, encoding: BufferEncoding = 'utf8') => {
    sent += 1
    const accession = `SEC34-${String(sent)}`
    const charset = encoding === 'latin1' ? '8859/1' : 'UNICODE UTF-8'
    const message = withHeader(orm({ version: '2.5.1', accession, ...fields }), { charset })
    const [frame = ''] = await exchange(listener.port(), [message], 1, encoding)
    return { ack: readAck(frame), stored: await orderByAccession(db(), accession) }
  }

  it('SEC-34 each kind in a patient name, raw or escaped, is refused with AE 102 naming PID-5', async () => {
    const names = [
      'Smi\u202Eth', // right-to-left override
      'Smi\u2066th', // left-to-right isolate
      'Smi\u200Fth', // right-to-left mark: no place in a name
      'Smi\u200Bth', // zero-width space
      'Smi\u200Dth', // zero-width joiner between Latin letters
      'Smi\uFEFFth', // byte order mark
      'Smi\\XE280AE\\th', // an override as a UTF-8 escape
      'Smi\\XC285\\th', // C1 next line as a UTF-8 escape
    ]
    for (const family of names) {
      const { ack, stored } = await send({ family })
      expect(ack.code, family).toBe('AE')
      expect(ack.errors, family).toContainEqual({ location: 'PID^1^5', code: '102' })
      expect(stored, family).toBeUndefined()
    }
    // A C1 control as a raw byte of a Latin-1 message.
    const latin1 = await send({ given: 'Ann\u0085' }, 'latin1')
    expect(latin1.ack.code).toBe('AE')
    expect(latin1.ack.errors).toContainEqual({ location: 'PID^1^5', code: '102' })
  })

  it('SEC-34 an override in an indication is refused; a right-to-left mark there is text', async () => {
    const refused = await send({ indication: 'Cough \u202Eright\u202C lung' })
    expect(refused.ack.code).toBe('AE')
    expect(refused.ack.errors).toContainEqual({ location: 'OBR^1^31', code: '102' })
    expect(refused.stored).toBeUndefined()
    const kept = await send({ indication: 'שיעול\u200F (CT)' })
    expect(kept.ack.code).toBe('AA')
    expect(kept.stored?.order.indication).toBe('שיעול\u200F (CT)')
  })

  it('SEC-35 names in any script, with the joiners their scripts need, are taken', async () => {
    const taken = await send({ family: 'علی‌رضا', given: 'Zoë' })
    expect(taken.ack.code).toBe('AA')
    expect(taken.stored?.patient).toMatchObject({ firstName: 'Zoë', lastName: 'علی‌رضا' })
  })
})
