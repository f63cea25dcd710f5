/**
 * Tells the store when the identity SDK's session begins and ends, so sagas can react (the
 * API cache is dropped when a session ends, ID-2; unsaved report drafts are given back only to
 * the user who typed them). Only the fact and the user id travel, never a token.
 */
import { useSession, useUser } from '@descope/react-sdk'
import { useEffect, useRef } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { sessionEnded, sessionStarted, sessionUserDescribed, type SessionUser } from './authEvents'
import { sessionUserId } from './sessionUser'

export function SessionBridge() {
  const { isAuthenticated, sessionToken, claims } = useSession()
  const dispatch = useAppDispatch()
  // The SDK publishes the token before it reports the session authenticated, so both agree here.
  const userId = isAuthenticated ? sessionUserId(sessionToken, claims) : null
  /** The session the store was last told about; null while it knows of none. */
  const reported = useRef<SessionUser | null>(null)

  useEffect(() => {
    const previous = reported.current
    if (!isAuthenticated) {
      if (previous === null) return
      reported.current = null
      dispatch(sessionEnded())
      return
    }
    if (previous?.userId === userId) return
    // Another user's session took over this tab (signed in elsewhere with the shared tokens):
    // for the store that is the end of one session and the start of the next.
    if (previous !== null) dispatch(sessionEnded())
    reported.current = { userId }
    dispatch(sessionStarted({ userId }))
  }, [isAuthenticated, userId, dispatch])

  // The SDK types its user as always there; until the user record has loaded, it is not.
  const user = useUser().user as ReturnType<typeof useUser>['user'] | undefined
  const name = isAuthenticated ? (user?.name ?? null) : null
  const loginIds = isAuthenticated ? (user?.loginIds ?? []).join('\n') : ''
  // The provider's user record arrives with the sign-in or a little after a reload: the chat
  // learns then the names the clinician goes by (AU-1).
  useEffect(() => {
    if (name === null && loginIds === '') return
    dispatch(sessionUserDescribed({ name, loginIds: loginIds === '' ? [] : loginIds.split('\n') }))
  }, [name, loginIds, dispatch])

  return null
}
