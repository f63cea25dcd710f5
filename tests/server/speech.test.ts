import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { speechTokenAnswerSchema } from '../../contract'
import { skipDatabase } from '../support/testDatabase'
import { startTestApp } from '../support/testApp'

/** A loopback stand-in for Azure's STS endpoint: POST with the subscription key -> a token. */
function startStsServer(): Promise<{
  url: string
  server: Server
  calls: { key: string | undefined; path: string }[]
}> {
  const calls: { key: string | undefined; path: string }[] = []
  const server = createServer((req, res) => {
    const key = req.headers['ocp-apim-subscription-key']
    calls.push({ key: typeof key === 'string' ? key : undefined, path: req.url ?? '' })
    if (req.method !== 'POST' || key !== 'good-key') {
      res.writeHead(401).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('eyJ.azure.token')
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}/sts/v1.0/issueToken`, server, calls })
    })
  })
}

describe.skipIf(skipDatabase)('POST /api/v1/speech/token', () => {
  let sts: Awaited<ReturnType<typeof startStsServer>>
  beforeAll(async () => {
    sts = await startStsServer()
  })
  afterAll(
    () =>
      new Promise<void>((resolve) =>
        sts.server.close(() => {
          resolve()
        }),
      ),
  )

  it('with an Azure key and region exchanges the key for a token at the token endpoint', async () => {
    const t = await startTestApp({
      seed: false,
      env: {
        AZURE_SPEECH_KEY: 'good-key',
        AZURE_SPEECH_REGION: 'westeurope',
        AZURE_SPEECH_TOKEN_URL: sts.url,
      },
    })
    try {
      const res = await t.api('POST', '/speech/token')
      expect(res.statusCode).toBe(200)
      expect(speechTokenAnswerSchema.parse(res.json())).toEqual({
        token: 'eyJ.azure.token',
        region: 'westeurope',
      })
      expect(sts.calls.at(-1)).toEqual({ key: 'good-key', path: '/sts/v1.0/issueToken' })
      // The key itself never reaches the browser.
      expect(res.body).not.toContain('good-key')
    } finally {
      await t.close()
    }
  })

  it('answers 502 when Azure refuses the key', async () => {
    const t = await startTestApp({
      seed: false,
      env: {
        AZURE_SPEECH_KEY: 'bad-key',
        AZURE_SPEECH_REGION: 'westeurope',
        AZURE_SPEECH_TOKEN_URL: sts.url,
      },
    })
    try {
      const res = await t.api('POST', '/speech/token')
      expect(res.statusCode).toBe(502)
      expect(res.json()).toMatchObject({ error: 'speech_token_failed' })
    } finally {
      await t.close()
    }
  })

  it('with SPEECH_HOST answers a non-blank token, the region and the host of the speech container', async () => {
    const t = await startTestApp({
      seed: false,
      env: { SPEECH_HOST: 'ws://127.0.0.1:5000', SPEECH_REGION: 'onprem' },
    })
    try {
      const first = speechTokenAnswerSchema.parse((await t.api('POST', '/speech/token')).json())
      expect(first.host).toBe('ws://127.0.0.1:5000')
      expect(first.region).toBe('onprem')
      expect(first.token.trim().length).toBeGreaterThan(16)
      const second = speechTokenAnswerSchema.parse((await t.api('POST', '/speech/token')).json())
      expect(second.token).not.toBe(first.token)
    } finally {
      await t.close()
    }
  })
})
