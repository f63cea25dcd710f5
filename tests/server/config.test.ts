import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { startTestApp } from '../support/testApp'
import { skipDatabase } from '../support/testDatabase'

describe('server configuration', () => {
  it('binds loopback on port 8080 with PGlite in ./data by default', () => {
    const config = loadConfig({})
    expect(config.host).toBe('127.0.0.1')
    expect(config.port).toBe(8080)
    expect(config.database).toMatchObject({ kind: 'pglite' })
    expect(config.database.kind === 'pglite' && config.database.dataDir.endsWith('/data')).toBe(
      true,
    )
    expect(config.identity).toMatchObject({ mode: 'local', allowSignup: true })
    expect(config.speech).toEqual({ kind: 'none' })
    expect(config.assistant).toEqual({ provider: 'local' })
  })

  it('refuses open sign-up when bound beyond loopback unless ALLOW_SIGNUP=1', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).identity).toMatchObject({ allowSignup: false })
    expect(loadConfig({ HOST: '10.0.0.5' }).identity).toMatchObject({ allowSignup: false })
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_SIGNUP: '1' }).identity).toMatchObject({
      allowSignup: true,
    })
    expect(loadConfig({ HOST: '127.0.0.1', ALLOW_SIGNUP: '0' }).identity).toMatchObject({
      allowSignup: false,
    })
  })

  it('switches to PostgreSQL, Descope, Azure speech, a speech container and an LLM by variable', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/readout' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db/readout',
    })
    expect(loadConfig({ DESCOPE_PROJECT_ID: 'P123' }).identity).toEqual({
      mode: 'descope',
      projectId: 'P123',
      baseUrl: undefined,
    })
    expect(loadConfig({ AZURE_SPEECH_KEY: 'k', AZURE_SPEECH_REGION: 'westeurope' }).speech).toEqual(
      {
        kind: 'azure',
        key: 'k',
        region: 'westeurope',
        tokenUrl: 'https://westeurope.api.cognitive.microsoft.com/sts/v1.0/issueToken',
      },
    )
    // A key without a region is not a configuration.
    expect(loadConfig({ AZURE_SPEECH_KEY: 'k' }).speech).toEqual({ kind: 'none' })
    expect(loadConfig({ SPEECH_HOST: 'ws://speech:5000' }).speech).toEqual({
      kind: 'host',
      host: 'ws://speech:5000',
      region: 'local',
    })
    expect(
      loadConfig({ ASSISTANT_PROVIDER: 'openai', OPENAI_API_KEY: 'sk' }).assistant,
    ).toMatchObject({
      provider: 'openai',
      apiKey: 'sk',
      model: 'gpt-4o-mini',
    })
  })

  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ ASSISTANT_PROVIDER: 'magic' })).toThrow(/ASSISTANT_PROVIDER/)
    expect(() => loadConfig({ ALLOW_SIGNUP: 'maybe' })).toThrow(/ALLOW_SIGNUP/)
  })
})

describe.skipIf(skipDatabase)('sign-up when the server is not on loopback', () => {
  it('is refused with a clear message, while the API stays closed to anonymous calls', async () => {
    const t = await startTestApp({ seed: false, env: { HOST: '0.0.0.0' } })
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/password/signup',
        payload: { loginId: 'someone@hospital.test', password: 'correct horse battery' },
      })
      expect(res.statusCode).toBe(403)
      expect(res.json<{ errorMessage: string }>().errorMessage).toMatch(/sign-?up/i)
    } finally {
      await t.close()
    }
  })
})
