import Fastify from 'fastify'
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
      roleMap: { radiologist: ['radiologist'], trainee: ['trainee'], admin: ['admin'] },
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

  it("TRUST_PROXY is off by default and takes true, false or the proxies' addresses and CIDR ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    for (const off of ['', '0', 'false', 'no'])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false)
    for (const on of ['1', 'true', 'yes', ' true '])
      expect(loadConfig({ TRUST_PROXY: on }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7' }).trustProxy).toEqual(['10.0.0.7'])
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.1 ,fd00::/8,::1, loopback,uniquelocal,' })
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.1', 'fd00::/8', '::1', 'loopback', 'uniquelocal'])
  })

  it('every TRUST_PROXY list it accepts is one Fastify accepts', async () => {
    for (const value of [
      '10.0.0.0/8,192.168.1.1',
      '172.16.0.0/12',
      'fd00::/8,::1',
      '::ffff:10.0.0.1/120',
      'loopback,linklocal,uniquelocal',
      '10.0.0.1/32',
    ]) {
      const app = Fastify({ trustProxy: loadConfig({ TRUST_PROXY: value }).trustProxy })
      await app.ready()
      await app.close()
    }
  })

  it('stops on a TRUST_PROXY it cannot use, naming it and saying what it takes', () => {
    for (const bad of [
      'maybe',
      'TRUE',
      '10.0.0',
      '10.0.0.0/33',
      '10.0.0.0/0',
      'fd00::/129',
      '10.0.0.1,proxy.internal',
      '10.0.0.0/255.0.0.0',
      ',',
      '10.0.0.1;10.0.0.2',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: must be true, false, or a comma-separated list of proxy addresses and CIDR ranges/,
      )
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(
      /not "proxy\.internal"/,
    )
    // Fastify 5 trusts nobody for a hop count; failing is clearer than quietly ignoring it.
    for (const hops of ['2', '5']) {
      expect(() => loadConfig({ TRUST_PROXY: hops })).toThrow(
        /TRUST_PROXY: hop counts are not supported/,
      )
    }
  })

  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ ASSISTANT_PROVIDER: 'magic' })).toThrow(/ASSISTANT_PROVIDER/)
    expect(() => loadConfig({ ALLOW_SIGNUP: 'maybe' })).toThrow(/ALLOW_SIGNUP/)
  })

  it('SEC-7 limits sign-ups per address and writes per user, 100 an hour and 600 a minute unless set', () => {
    const defaults = loadConfig({})
    expect(defaults.identity).toMatchObject({
      rateLimit: { maxSignUpsPerAddress: 100, signUpWindowSeconds: 3600 },
    })
    expect(defaults.writeRateLimit).toEqual({ maxPerUser: 600, windowSeconds: 60 })
    const set = loadConfig({ SIGNUP_MAX_PER_ADDRESS: '7', WRITE_MAX_PER_USER_PER_MINUTE: '30' })
    expect(set.identity).toMatchObject({ rateLimit: { maxSignUpsPerAddress: 7 } })
    expect(set.writeRateLimit.maxPerUser).toBe(30)
    expect(() => loadConfig({ SIGNUP_MAX_PER_ADDRESS: '0' })).toThrow(/SIGNUP_MAX_PER_ADDRESS/)
    expect(() => loadConfig({ WRITE_MAX_PER_USER_PER_MINUTE: 'lots' })).toThrow(
      /WRITE_MAX_PER_USER_PER_MINUTE/,
    )
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
