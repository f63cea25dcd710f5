/**
 * A command-line MLLP receiver, for trying out results out (HL7_SEND_TO): listens on a port,
 * prints every message it gets (one segment a line, a blank line after each) and answers it AA.
 *
 *   npx tsx scripts/mllp-receive.ts [--host 127.0.0.1] --port 2576
 */
import net from 'node:net'
import { Hl7Message } from '@medplum/core'
import { frame, MllpDecoder } from '../server/integration/hl7/mllp'

const args = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback
}
const host = option('--host', '127.0.0.1')
const port = Number(option('--port', ''))
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('usage: npx tsx scripts/mllp-receive.ts [--host HOST] --port PORT')
  process.exit(2)
}

net
  .createServer((socket) => {
    const decoder = new MllpDecoder()
    socket.on('error', () => undefined)
    socket.on('data', (chunk: Buffer) => {
      for (const event of decoder.push(chunk)) {
        if (event.kind !== 'frame') continue
        const text = event.bytes.toString('utf8')
        console.log(`${text.split('\r').filter(Boolean).join('\n')}\n`)
        try {
          socket.write(
            frame(Buffer.from(Hl7Message.parse(text).buildAck({ ackCode: 'AA' }).toString())),
          )
        } catch {
          console.error('(not an HL7 message: not acknowledged)')
        }
      }
    })
  })
  .listen({ host, port }, () => {
    console.error(`listening for MLLP on ${host}:${port}`)
  })
