/**
 * The session token the identity SDK stored on an earlier visit, read without the SDK: the Descope
 * web SDK persists it in the browser under its default key (AuthProvider is given no storage
 * prefix), starts from it when it is created, and removes it when the session ends. The page's
 * first script (src/app/boot) reads it before the SDK has loaded; the token source
 * (sessionTokenSource.ts) reads it until the SDK exists.
 */
const STORED_SESSION_TOKEN_KEY = 'DS'

/** The stored session token, or undefined (none, or storage refused by a privacy setting). */
export function storedSessionToken(
  storage: () => Pick<Storage, 'getItem'> = () => window.localStorage,
): string | undefined {
  try {
    return storage().getItem(STORED_SESSION_TOKEN_KEY) || undefined
  } catch {
    return undefined
  }
}
