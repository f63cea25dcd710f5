/**
 * A chat completions endpoint on loopback, speaking the OpenAI protocol as far as our providers
 * use it: every request is recorded (method, path, headers, JSON body) and answered as the test
 * sets `answer` (a completion by default). Used by the assistant's and the impression draft's
 * tests, so both prove what goes over the wire.
 */
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedChatRequest {
  method: string | undefined
  url: string | undefined
  headers: IncomingHttpHeaders
  body: unknown
}

/** The part of a request body the tests read. */
export interface ChatRequestBody {
  model: string
  response_format?: unknown
  messages: { role: string; content: string }[]
}

export interface FakeChatCompletions {
  /** Up to, not including, /chat/completions, as OPENAI_BASE_URL takes it. */
  baseUrl: string
  received: ReceivedChatRequest[]
  /** How the next requests are answered; a function that never ends the response hangs them. */
  answer: (res: ServerResponse) => void
  close(): Promise<void>
}

/** A 200 chat completion whose first choice holds `content`. */
export function completion(content: string | null) {
  return (res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: 'test-model',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }),
    )
  }
}

export async function startFakeChatCompletions(): Promise<FakeChatCompletions> {
  const fake: FakeChatCompletions = {
    baseUrl: '',
    received: [],
    answer: completion(JSON.stringify({ content: 'ok' })),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      fake.received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: text === '' ? null : JSON.parse(text),
      })
      fake.answer(res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return fake
}
