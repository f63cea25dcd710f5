/**
 * Ending the identity SDK's session, one way for 'Log out' and for the idle sign-out (SEC-8):
 * the SDK asks the identity server to revoke the refresh token and forgets its tokens; the
 * session's end then reaches the store through the session bridge (`auth/sessionEnded`).
 *
 * The SDK instance is created by `<AuthProvider>` and reached with `useDescope()` only, so the
 * sagas' handle on it (`identity` in the saga context) is lent the instance by the auth feature's
 * `IdleLogoff` while the signed-in workspace is shown.
 */
import type { Logger } from '../log'

/** What the SDK's `logout()` answers, as far as we read it. */
export interface LogoutAnswer {
  ok: boolean
  code?: number | undefined
  error?: { errorCode: string } | undefined
}

export interface LogoutCapable {
  logout(): Promise<LogoutAnswer>
}

/** Ends the SDK's session; a refusal or a failure is logged, never thrown. */
export async function endIdentitySession(sdk: LogoutCapable, logger: Logger): Promise<void> {
  try {
    const answer = await sdk.logout()
    // A refused logout (the refresh token had already expired) still clears the SDK's tokens.
    if (!answer.ok)
      logger.warn('auth/logoutRefused', { status: answer.code, errorCode: answer.error?.errorCode })
  } catch (error) {
    logger.error('auth/logoutFailed', error)
  }
}

/** The sagas' handle on the SDK's sign-out. */
export interface IdentitySignOut {
  /** Lends the SDK instance (`IdleLogoff`, while mounted); answers how to take it back. */
  attach(sdk: LogoutCapable): () => void
  /** Ends the session as 'Log out' does; without an SDK lent, only logs that it could not. */
  signOut(logger: Logger): Promise<void>
}

export function createIdentitySignOut(): IdentitySignOut {
  let current: LogoutCapable | null = null
  return {
    attach(sdk) {
      current = sdk
      return () => {
        if (current === sdk) current = null
      }
    },
    async signOut(logger) {
      if (current === null) {
        logger.warn('auth/signOutUnavailable')
        return
      }
      await endIdentitySession(current, logger)
    },
  }
}
