/**
 * A command-line MLLP client: frames each HL7 v2 file (segments on lines of their own; LF, CR LF
 * or CR), sends it to an MLLP listener, and prints the acknowledgement that comes back, one
 * segment a line.
 *
 *   npx tsx scripts/mllp-send.ts [--host 127.0.0.1] --port 2575 [--timeout 10000] FILE...   (- reads standard input)
 *
 * Exit code: 0 when every message was answered AA (or CA), 1 when one was answered otherwise,
 * 2 when one got no answer (refused, timed out, connection closed) or the arguments are wrong.
 */
import { readFileSync } from 'node:fs'
import { errorName, sendMllp } from '../server/integration/hl7/mllp'

function usage(problem: string): never {
  console.error(
    `${problem}\nusage: npx tsx scripts/mllp-send.ts [--host HOST] --port PORT [--timeout MS] FILE...`,
  )
  process.exit(2)
}

function parseArgs(argv: string[]) {
  let host = '127.0.0.1'
  let port = NaN
  let timeoutMs = 10_000
  const files: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const value = () => argv[++i] ?? usage(`${arg} needs a value`)
    if (arg === '--host') host = value()
    else if (arg === '--port') port = Number(value())
    else if (arg === '--timeout') timeoutMs = Number(value())
    else files.push(arg)
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535) usage('--port must be a port number')
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) usage('--timeout must be milliseconds')
  if (files.length === 0) usage('name at least one file (or - for standard input)')
  return { host, port, timeoutMs, files }
}

async function main() {
  const { host, port, timeoutMs, files } = parseArgs(process.argv.slice(2))
  let exitCode = 0
  for (const file of files) {
    const text = readFileSync(file === '-' ? 0 : file, 'utf8')
    const message = text
      .split(/\r\n|\n|\r/)
      .filter((line) => line.trim() !== '')
      .join('\r')
    let answer: string
    try {
      answer = await sendMllp({ host, port, message, timeoutMs })
    } catch (error) {
      console.error(`${file}: no acknowledgement (${errorName(error)})`)
      exitCode = 2
      continue
    }
    console.log(answer.split('\r').filter(Boolean).join('\n'))
    const msa = answer.split('\r').find((segment) => segment.startsWith('MSA'))
    const code = msa?.split(msa.charAt(3))[1] ?? ''
    if (code !== 'AA' && code !== 'CA') exitCode = Math.max(exitCode, 1)
  }
  process.exit(exitCode)
}

void main()
