import { describe, expect, it } from 'vitest'
import { version } from '../../../package.json'
import { LOCAL_PROJECT_ID, loadConfig } from '../../../src/shared/config'

describe('the app configuration', () => {
  it('LG-4 the product title is the product name, a v, and the package version', () => {
    expect(loadConfig({}).productTitle).toBe(`Readout v${version}`)
    expect(loadConfig({ VITE_PRODUCT_NAME: '  Readout Pro ' }).productTitle).toBe(
      `Readout Pro v${version}`,
    )
    expect(loadConfig({ VITE_PRODUCT_NAME: '' }).productName).toBe('Readout')
  })

  it('ID-1 local identity is the default; a Descope project id switches to the cloud flow', () => {
    expect(loadConfig({}).identity).toEqual({ mode: 'local', projectId: LOCAL_PROJECT_ID })
    expect(
      loadConfig({
        VITE_DESCOPE_PROJECT_ID: 'P2abc',
        VITE_DESCOPE_BASE_URL: 'https://auth.example.org',
      }).identity,
    ).toEqual({ mode: 'cloud', projectId: 'P2abc', baseUrl: 'https://auth.example.org' })
  })

  it('Redux DevTools are on in development and in production only when asked for', () => {
    expect(loadConfig({ DEV: true }).devTools).toBe(true)
    expect(loadConfig({ DEV: false }).devTools).toBe(false)
    expect(loadConfig({ DEV: false, VITE_ENABLE_DEVTOOLS: 'true' }).devTools).toBe(true)
    expect(loadConfig({ DEV: false, VITE_ENABLE_DEVTOOLS: 'false' }).devTools).toBe(false)
  })

  it('SEC-8 the idle sign-out comes after 15 minutes unless the build sets IDLE_LOGOFF_MINUTES', () => {
    expect(loadConfig({}).idleLogoffMinutes).toBe(15)
    expect(loadConfig({ IDLE_LOGOFF_MINUTES: '' }).idleLogoffMinutes).toBe(15)
    expect(loadConfig({ IDLE_LOGOFF_MINUTES: ' 5 ' }).idleLogoffMinutes).toBe(5)
    expect(loadConfig({ IDLE_LOGOFF_MINUTES: '1440' }).idleLogoffMinutes).toBe(1440)
    for (const bad of ['0', '1.5', '-3', 'ten', '1441'])
      expect(() => loadConfig({ IDLE_LOGOFF_MINUTES: bad })).toThrow(/IDLE_LOGOFF_MINUTES/)
  })

  it('a bad value stops the app with its name', () => {
    expect(() => loadConfig({ VITE_DESCOPE_BASE_URL: 'not a url' })).toThrow(
      /VITE_DESCOPE_BASE_URL/,
    )
    expect(() => loadConfig({ VITE_ENABLE_DEVTOOLS: 'yes please' })).toThrow(/VITE_ENABLE_DEVTOOLS/)
  })
})
