/**
 * Character sets and control characters (HL7 v2.5.1 §2.7), over real MLLP on loopback, on PGlite
 * and PostgreSQL: hexadecimal escapes are bytes in the message's MSH-18 character set; a control
 * character in a field, raw or escaped, is refused with AE and ERR 102 naming the field. ACKs are
 * read by npm `hl7v2`.
 */
import { Hl7Message } from '@medplum/core'
import { describe, expect, it } from 'vitest'
import {
  controlCharacterIssues,
  resolveHexEscapes,
} from '../../../server/integration/hl7/valueChecks'
import { skipDatabase } from '../../support/testDatabase'
import { orderByAccession, orm, type OrmOptions } from './support'
import { exchange, readAck, withHeader, withListener } from './wire'

describe('INT-45 hexadecimal escapes are read in the message character set', () => {
  const msh = 'MSH|^~\\&|RIS|HOSP|READOUT|RAD|20261125083000||ORM^O01|C1|P|2.5.1'
  it('INT-45 Unicode bytes become their characters; delimiters and controls stay escaped', () => {
    const resolve = (field: string, encoding: 'utf8' | 'latin1' = 'utf8') =>
      resolveHexEscapes(`${msh}\rPID|1||${field}`, encoding).split('\r')[1]
    expect(resolve('Jos\\XC3A9\\')).toBe('PID|1||José')
    expect(resolve('\\XF09F9880\\ ok')).toBe('PID|1||😀 ok')
    expect(resolve('Jos\\XE9\\', 'latin1')).toBe('PID|1||José')
    expect(resolve('\\XC3A9\\', 'latin1')).toBe('PID|1||Ã©')
    expect(resolve('A\\X7CC3A9\\B')).toBe('PID|1||A\\F\\éB')
    expect(resolve('A\\X5E26\\B')).toBe('PID|1||A\\S\\\\T\\B')
    expect(resolve('bell\\X07\\')).toBe('PID|1||bell\\X07\\')
    // Not UTF-8: left for the check to name.
    expect(resolve('Jos\\XE9\\')).toBe('PID|1||Jos\\XE9\\')
    // Other escapes are untouched, and no escape is read across a delimiter.
    expect(resolve('\\F\\X41\\')).toBe('PID|1||\\F\\X41\\')
    expect(resolve('a\\|X41\\')).toBe('PID|1||a\\|X41\\')
  })

  it('INT-46 the check names each field holding a control character, raw or escaped', () => {
    const message = Hl7Message.parse(
      `${msh}\rPID|1||M1||Do\x01e^Ann||19700101\rOBR|1|||x^y\\X09\\z\rOBR|2|ok\x7f`,
    )
    expect(controlCharacterIssues(message).map((i) => [i.location, i.code])).toEqual([
      ['PID^1^5', 102],
      ['OBR^1^4', 102],
      ['OBR^2^2', 102],
    ])
    expect(controlCharacterIssues(Hl7Message.parse(`${msh}\rPID|1||M1||Line\\.br\\two`))).toEqual(
      [],
    )
  })
})

describe.skipIf(skipDatabase)('INT-45 character sets over MLLP', () => {
  const listener = withListener()
  const db = () => listener.app().db
  const send = async (message: string, encoding: BufferEncoding = 'utf8') => {
    const [frame = ''] = await exchange(listener.port(), [message], 1, encoding)
    return { raw: frame, ack: readAck(frame) }
  }
  const order = (options: OrmOptions, charset: string) =>
    withHeader(orm({ version: '2.5.1', ...options }), { charset })

  it('INT-45 under the Unicode character set or none declared, Jos\\XC3A9\\ is stored as José', async () => {
    for (const [charset, accession] of [
      ['UNICODE UTF-8', 'INT45-UTF8'],
      ['', 'INT45-NONE'],
    ] as const) {
      const message = order(
        { accession, given: 'Jos\\XC3A9\\', family: 'M\\XC3BC\\ller', indication: 'A\\X7C\\B' },
        charset,
      )
      expect((await send(message)).ack.code).toBe('AA')
      const row = await orderByAccession(db(), accession)
      expect(row?.patient).toMatchObject({ firstName: 'José', lastName: 'Müller' })
      expect(row?.order.indication).toBe('A|B')
    }
  })

  it('INT-45 under 8859/1, raw and escaped Latin-1 are read as Latin-1, and the ACK names the same character set', async () => {
    const message = order(
      { accession: 'INT45-LATIN1', given: 'Jos\\XE9\\', family: 'Müller' },
      '8859/1',
    )
    const { raw, ack } = await send(message, 'latin1')
    expect(ack.code).toBe('AA')
    expect(raw.split('\r')[0]?.split('|')[17]).toBe('8859/1')
    const row = await orderByAccession(db(), 'INT45-LATIN1')
    expect(row?.patient).toMatchObject({ firstName: 'José', lastName: 'Müller' })
  })

  it('INT-46 a control character in a field, raw or escaped, is refused with AE and ERR 102 naming it; nothing is stored', async () => {
    const cases: [OmitAccession, string][] = [
      [{ family: 'Do\x01e' }, 'PID^1^5'],
      [{ given: 'Ann\x7f' }, 'PID^1^5'],
      [{ indication: 'Cough\tfever' }, 'OBR^1^31'],
      [{ indication: 'Cough\\X07\\' }, 'OBR^1^31'],
      [{ indication: 'Line\\X0D0A\\two' }, 'OBR^1^31'],
      [{ description: 'CT\x00HEAD' }, 'OBR^1^4'],
    ]
    for (const [index, [fields, location]] of cases.entries()) {
      const accession = `INT46-${index}`
      const { ack } = await send(order({ accession, ...fields }, 'UNICODE UTF-8'))
      expect(ack.code, location).toBe('AE')
      expect(ack.errors, location).toContainEqual({ location, code: '102' })
      expect(await orderByAccession(db(), accession)).toBeUndefined()
    }
  })

  it('INT-47 an escape that is not text in the declared character set is refused with AE 102 naming the field', async () => {
    for (const [index, given] of ['Jos\\XE9\\', 'Jos\\XC3A\\'].entries()) {
      const accession = `INT47-${index}`
      const { ack } = await send(order({ accession, given }, 'UNICODE UTF-8'))
      expect(ack.code).toBe('AE')
      expect(ack.errors).toContainEqual({ location: 'PID^1^5', code: '102' })
      expect(await orderByAccession(db(), accession)).toBeUndefined()
    }
  })
})

type OmitAccession = Omit<OrmOptions, 'accession'>
