/**
 * The HTTP client of any OpenAI-compatible chat completions endpoint (OpenAI, Azure OpenAI behind a
 * compatible gateway, vLLM, Ollama, LM Studio...): one POST to `{baseUrl}/chat/completions`, the
 * first choice's text back, and a `ChatCompletionError` saying what went wrong otherwise. The
 * assistant's replies (./openai.ts) and the impression draft (./impressionDraft.ts) both use it.
 */
import { z } from 'zod'

export interface ChatCompletionsOptions {
  /** e.g. https://api.openai.com/v1 (the path up to, not including, /chat/completions). */
  baseUrl: string
  apiKey: string | undefined
  model: string
  timeoutMs: number
  fetch?: typeof fetch
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ChatRequest {
  messages: ChatMessage[]
  /** Asks for a JSON object answer (`response_format: json_object`). */
  json?: boolean
}

/** Sends one chat request; resolves with the first choice's (non-blank) text. */
export type CompleteChat = (request: ChatRequest) => Promise<string>

/**
 * What went wrong, by kind: a log may name the kind and the status, never the message, which may
 * quote what the endpoint answered.
 */
export type ChatFailure =
  'timeout' | 'unreachable' | 'http' | 'not_json' | 'no_completion' | 'empty'

export class ChatCompletionError extends Error {
  constructor(
    readonly kind: ChatFailure,
    message: string,
    /** The endpoint's HTTP status, for `http`. */
    readonly status?: number,
    options?: { cause: unknown },
  ) {
    super(message, options)
    this.name = 'ChatCompletionError'
  }
}

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1),
})

const ERROR_DETAIL_CHARS = 300

function errorDetail(body: string): string {
  try {
    const parsed = z
      .object({ error: z.object({ message: z.string() }) })
      .safeParse(JSON.parse(body))
    if (parsed.success) return parsed.data.error.message.slice(0, ERROR_DETAIL_CHARS)
  } catch {
    // Not JSON: the body itself is the best description there is.
  }
  return body.trim().slice(0, ERROR_DETAIL_CHARS)
}

export function createChatCompletions(options: ChatCompletionsOptions): CompleteChat {
  const doFetch = options.fetch ?? fetch
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`

  return async ({ messages, json }) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`
    const body = {
      model: options.model,
      ...(json ? { response_format: { type: 'json_object' } } : {}),
      messages,
    }

    let status: number
    let text: string
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      status = response.status
      text = await response.text()
    } catch (error) {
      if (
        error instanceof Error &&
        (error.name === 'TimeoutError' || error.name === 'AbortError')
      ) {
        throw new ChatCompletionError(
          'timeout',
          `The assistant model did not answer within ${options.timeoutMs} ms`,
          undefined,
          { cause: error },
        )
      }
      const reason = error instanceof Error ? error.message : String(error)
      throw new ChatCompletionError(
        'unreachable',
        `The assistant model could not be reached at ${url}: ${reason}`,
        undefined,
        { cause: error },
      )
    }

    if (status < 200 || status > 299) {
      const detail = errorDetail(text)
      throw new ChatCompletionError(
        'http',
        `The assistant model answered HTTP ${status}${detail ? `: ${detail}` : ''}`,
        status,
      )
    }
    let answer: unknown
    try {
      answer = JSON.parse(text)
    } catch {
      throw new ChatCompletionError(
        'not_json',
        'The assistant model answered with something other than JSON',
      )
    }
    const completion = completionSchema.safeParse(answer)
    if (!completion.success) {
      throw new ChatCompletionError(
        'no_completion',
        'The assistant model answered with no chat completion',
      )
    }
    const content = completion.data.choices[0]?.message.content ?? ''
    if (content.trim() === '') {
      throw new ChatCompletionError('empty', 'The assistant model answered with an empty message')
    }
    return content
  }
}
