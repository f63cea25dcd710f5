/**
 * A returning clinician's stored session in the web tests: the identity SDK's refresh of it held
 * until the test lets it through, and its token's expiry moved.
 */
import { http } from 'msw'
import { server } from './msw/server'

/**
 * Holds the SDK's refresh of the stored session until the returned function lets it through;
 * `answer` may replace the identity backend's own answer (undefined: the backend answers).
 */
export function holdRefresh(answer: () => Response | undefined = () => undefined): () => void {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  server.use(
    http.post('/v1/auth/try-refresh', async () => {
      await released
      return answer()
    }),
  )
  return release
}

/** The stored session token with its expiry moved to `secondsLeft` from now (unsigned JWTs). */
export function storedTokenExpiringIn(secondsLeft: number): void {
  const [header, payload] = (localStorage.getItem('DS') ?? '').split('.')
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object
  const exp = Math.floor(Date.now() / 1000) + secondsLeft
  const moved = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url')
  localStorage.setItem('DS', `${header ?? ''}.${moved}.`)
}
