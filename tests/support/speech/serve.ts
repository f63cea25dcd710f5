/**
 * The loopback speech server as a process, for the browser tests and for trying dictation by
 * hand without an Azure account:
 *
 *   npx tsx tests/support/speech/serve.ts 8182        (or SPEECH_SERVER_PORT=8182)
 *   SPEECH_HOST=ws://127.0.0.1:8182 npm run serve
 *
 * It listens on 127.0.0.1 only. Script what it "hears" with
 *   curl -X POST 127.0.0.1:8182/__control/script -d '{"phrases":["no acute findings"]}'
 */
import { startSpeechServer } from './speechServer'

const DEFAULT_PORT = 8182

function portFrom(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`Not a port: ${value}`)
  }
  return port
}

const port = portFrom(process.argv[2]) ?? portFrom(process.env.SPEECH_SERVER_PORT) ?? DEFAULT_PORT
const server = await startSpeechServer({ port })
console.log(`loopback speech server on ${server.wsUrl} (control API on ${server.url}/__control)`)

const shutDown = () => {
  void server.close().then(() => process.exit(0))
}
process.once('SIGINT', shutDown)
process.once('SIGTERM', shutDown)
