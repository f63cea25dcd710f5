/**
 * Who a session is for, read from what the identity SDK already holds: the session token's `sub`
 * claim (the user id the API authenticates with, in local and cloud mode alike), or the claims
 * the SDK received with it. Only the id leaves this module, never the token.
 */
import { z } from 'zod'

const subjectSchema = z.object({ sub: z.string().min(1) })

/** The `sub` claim of a JWT's payload; null for anything that is not a JWT with a subject. */
export function tokenSubject(token: string | null | undefined): string | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/')
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const parsed = subjectSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)))
    return parsed.success ? parsed.data.sub : null
  } catch {
    return null
  }
}

/** The user id of the SDK's session: the token's subject, else the claims' (cookie-held tokens). */
export function sessionUserId(
  sessionToken: string | null | undefined,
  claims: Record<string, unknown> | null | undefined,
): string | null {
  const fromToken = tokenSubject(sessionToken)
  if (fromToken !== null) return fromToken
  const parsed = subjectSchema.safeParse(claims)
  return parsed.success ? parsed.data.sub : null
}
