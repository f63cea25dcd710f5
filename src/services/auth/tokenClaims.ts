/**
 * What a session JWT says of itself, read without checking its signature (the server has the last
 * word on that): when it expires and whom it is for. No SDK here: the page's first script
 * (src/app/boot) reads the stored token before the identity SDK has loaded.
 */

/** The payload of a JWT as an object; null for anything that is not a JWT. */
export function tokenPayload(token: string | null | undefined): Record<string, unknown> | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/')
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** When a JWT expires (its `exp` claim, in ms since the epoch); undefined for anything else. */
export function tokenExpiry(token: string): number | undefined {
  const exp = tokenPayload(token)?.exp
  return typeof exp === 'number' ? exp * 1000 : undefined
}

/** The `sub` claim of a JWT's payload; null for anything that is not a JWT with a subject. */
export function tokenSubject(token: string | null | undefined): string | null {
  const sub = tokenPayload(token)?.sub
  return typeof sub === 'string' && sub.length > 0 ? sub : null
}
