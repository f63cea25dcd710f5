import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAssistant } from '../../../server/assistant'
import { createLocalAssistant } from '../../../server/assistant/local'
import { createOpenAiAssistant } from '../../../server/assistant/openai'
import {
  completion,
  startFakeChatCompletions,
  type FakeChatCompletions,
} from '../../support/fakeChatCompletions'
import { NOW, aDraftReport, aFinalReport, aReplyInput, aStudy } from './studyBuilder'

/** A loopback chat completions endpoint whose answer each test sets. */
let fake: FakeChatCompletions
let baseUrl: string

beforeEach(async () => {
  fake = await startFakeChatCompletions()
  baseUrl = fake.baseUrl
})

afterEach(async () => {
  await fake.close()
})

function provider(overrides: { apiKey?: string; timeoutMs?: number } = {}) {
  return createOpenAiAssistant({
    baseUrl,
    apiKey: 'apiKey' in overrides ? overrides.apiKey : 'sk-test',
    model: 'test-model',
    timeoutMs: overrides.timeoutMs ?? 5_000,
  })
}

describe('openai provider', () => {
  it('posts the model, a system prompt with the study, the history and the user text', async () => {
    const study = aStudy({ report: aDraftReport({ findings: '5 mm nodule.' }) })
    await provider().reply(
      aReplyInput('What is the indication?', {
        study,
        history: [
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: 'Hi, how can I help?' },
        ],
      }),
    )

    expect(fake.received).toHaveLength(1)
    const request = fake.received[0]!
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/v1/chat/completions')
    expect(request.headers.authorization).toBe('Bearer sk-test')
    expect(request.headers['content-type']).toMatch(/^application\/json/)
    const body = request.body as {
      model: string
      response_format: unknown
      messages: { role: string; content: string }[]
    }
    expect(body.model).toBe('test-model')
    expect(body.response_format).toEqual({ type: 'json_object' })
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    expect(body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi, how can I help?' },
      { role: 'user', content: 'What is the indication?' },
    ])
    const system = body.messages[0]!.content
    expect(system).toContain('Never invent findings')
    expect(system).toContain('JSON')
    expect(system).toContain('Patient: Jane Doe, 67-year-old female')
    expect(system).toContain('Indication: Persistent cough, rule out malignancy')
    expect(system).toContain('Clinical history: Former smoker, 30 pack-years; Hypertension')
    expect(system).toContain('Report (draft):')
    expect(system).toContain('FINDINGS: 5 mm nodule.')
  })

  it('sends no Authorization header without an API key', async () => {
    await provider({ apiKey: undefined }).reply(aReplyInput('hello'))
    expect(fake.received[0]!.headers.authorization).toBeUndefined()
  })

  it('returns the content and the sections of a JSON answer', async () => {
    fake.answer = completion(
      JSON.stringify({ content: 'Drafted the impression.', sections: { impression: 'Benign.' } }),
    )
    const reply = await provider().reply(
      aReplyInput('draft an impression', { study: aStudy({ report: aDraftReport() }) }),
    )
    expect(reply).toEqual({
      content: 'Drafted the impression.',
      sections: { impression: 'Benign.' },
    })
  })

  it('accepts a JSON answer wrapped in a code fence', async () => {
    fake.answer = completion(
      '```json\n{"content": "Fenced.", "sections": {"findings": "Nodule."}}\n```',
    )
    expect(await provider().reply(aReplyInput('hello'))).toEqual({
      content: 'Fenced.',
      sections: { findings: 'Nodule.' },
    })
  })

  it('ignores empty, unknown and non-text sections, so an echoed empty key cannot wipe a section', async () => {
    fake.answer = completion(
      JSON.stringify({
        content: 'Done.',
        sections: { findings: '', impression: 'Stable.', summary: 'x', technique: 3 },
      }),
    )
    expect(await provider().reply(aReplyInput('hello'))).toEqual({
      content: 'Done.',
      sections: { impression: 'Stable.' },
    })
  })

  it('uses the raw text as the content when the answer is not the JSON asked for', async () => {
    fake.answer = completion('The indication is persistent cough.')
    expect(await provider().reply(aReplyInput('why?'))).toEqual({
      content: 'The indication is persistent cough.',
    })
    fake.answer = completion('{"answer": "wrong shape"}')
    expect(await provider().reply(aReplyInput('why?'))).toEqual({
      content: '{"answer": "wrong shape"}',
    })
  })

  it('drops sections the model returns for a finalized report', async () => {
    fake.answer = completion(
      JSON.stringify({ content: 'Changed it.', sections: { impression: 'New.' } }),
    )
    const reply = await provider().reply(
      aReplyInput('rewrite the impression', { study: aStudy({ report: aFinalReport() }) }),
    )
    expect(reply).toEqual({ content: 'Changed it.' })
    const system = (fake.received[0]!.body as { messages: { content: string }[] }).messages[0]!
      .content
    expect(system).toContain('Report (FINAL, cannot be changed):')
  })

  it('routes text with report headings locally, without calling the model', async () => {
    const reply = await provider().reply(
      aReplyInput(
        'Findings: 5 mm nodule in the right upper lobe. Impression: indeterminate pulmonary nodule.',
      ),
    )
    expect(fake.received).toHaveLength(0)
    expect(reply).toEqual({
      content: 'Updated the report: Findings, Impression.',
      sections: {
        findings: '5 mm nodule in the right upper lobe.',
        impression: 'indeterminate pulmonary nodule.',
      },
    })
  })

  it('keeps summary, cleanup and phrases local and exact', async () => {
    const local = createLocalAssistant()
    const remote = provider()
    const study = aStudy()
    expect(await remote.summarize(study, NOW)).toEqual(await local.summarize(study, NOW))
    const dictation = { text: 'um five millimeters period', modality: 'CT', bodyPart: 'chest' }
    expect(await remote.cleanup(dictation)).toBe('5 mm.')
    expect(await remote.phrases({ modality: 'CT', bodyPart: 'chest' })).toEqual(
      await local.phrases({ modality: 'CT', bodyPart: 'chest' }),
    )
    expect(fake.received).toHaveLength(0)
  })

  it('throws a clear error on an HTTP error, with the provider’s message', async () => {
    fake.answer = (res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' })
      res.end(
        JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }),
      )
    }
    await expect(provider().reply(aReplyInput('hello'))).rejects.toThrow(
      'The assistant model answered HTTP 500: The server had an error',
    )
  })

  it('throws when the model does not answer within the timeout', async () => {
    fake.answer = () => {
      // Never answers: the provider's own timeout must end the call.
    }
    await expect(provider({ timeoutMs: 200 }).reply(aReplyInput('hello'))).rejects.toThrow(
      'The assistant model did not answer within 200 ms',
    )
  })

  it('throws when the endpoint answers with something that is not a chat completion', async () => {
    fake.answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end('<html>proxy login</html>')
    }
    await expect(provider().reply(aReplyInput('hello'))).rejects.toThrow(
      'The assistant model answered with something other than JSON',
    )
    fake.answer = completion(null)
    await expect(provider().reply(aReplyInput('hello'))).rejects.toThrow(
      'The assistant model answered with an empty message',
    )
  })

  it('throws when the endpoint cannot be reached', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const unreachable = createOpenAiAssistant({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: undefined,
      model: 'm',
      timeoutMs: 5_000,
    })
    await expect(unreachable.reply(aReplyInput('hello'))).rejects.toThrow(
      /^The assistant model could not be reached at http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions/,
    )
  })
})

describe('createAssistant', () => {
  it('gives the local assistant by default configuration', async () => {
    const assistant = createAssistant({ provider: 'local' })
    expect(assistant.name).toBe('local')
    expect((await assistant.reply(aReplyInput('priority?'))).content).toBe('Priority: STAT')
  })

  it('gives the openai provider, talking to the configured endpoint', async () => {
    fake.answer = completion(JSON.stringify({ content: 'From the model.' }))
    const assistant = createAssistant({
      provider: 'openai',
      baseUrl: `${baseUrl}/`,
      apiKey: 'sk-config',
      model: 'configured-model',
      timeoutMs: 5_000,
    })
    expect(assistant.name).toBe('openai')
    expect(await assistant.reply(aReplyInput('hello'))).toEqual({ content: 'From the model.' })
    expect(fake.received[0]!.url).toBe('/v1/chat/completions')
    expect(fake.received[0]!.headers.authorization).toBe('Bearer sk-config')
    expect((fake.received[0]!.body as { model: string }).model).toBe('configured-model')
  })
})
