/**
 * A loopback server standing for Descope's key endpoint (`GET /v2/keys/<projectId>`), and session
 * tokens signed with its key, as Descope issues them: the Descope-mode tests point
 * DESCOPE_BASE_URL (or the verifier's `baseUrl`) at it.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'

export interface DescopeKeys {
  baseUrl: string
  signingKey: CryptoKey
  /** The path of every request it received. */
  requests: string[]
  /** A session token for `sub` with `claims`, signed with the project's key. */
  token(sub: string, claims?: Record<string, unknown>): Promise<string>
  close(): Promise<void>
}

export async function startDescopeKeys(projectId: string, kid: string): Promise<DescopeKeys> {
  const pair = await generateKeyPair('RS256', { extractable: true })
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' }
  const requests: string[] = []
  const server = createServer((request, response) => {
    requests.push(request.url ?? '')
    const ours = request.method === 'GET' && request.url === `/v2/keys/${projectId}`
    response.writeHead(ours ? 200 : 404, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify(
        ours
          ? { keys: [jwk] }
          : { errorCode: 'E000404', errorDescription: 'not found', errorMessage: request.url },
      ),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    signingKey: pair.privateKey,
    requests,
    token: (sub, claims = {}) =>
      new SignJWT({ drn: 'DS', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(`https://api.descope.com/${projectId}`)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(pair.privateKey),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error)
          else resolve()
        })
      }),
  }
}
