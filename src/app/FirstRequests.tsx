/**
 * No waterfall between the session and the first screen's data. On arrival the identity SDK
 * checks the session it stored on an earlier visit with a refresh round trip, and the workspace
 * (and its worklist request) waits for that answer. When the stored session token is still good
 * by its own expiry, the worklist request and the signed-in screen's code start at once, beside
 * the refresh: the request carries the stored token (the SDK's session token until the refresh
 * replaces it), and the Sidebar's own query finds the answer in RTK Query's cache.
 *
 * Only the sidebar's lists start early (the first page of the worklist and of Active Studies,
 * with the Sidebar's arguments): they are the first screen's large answers. If the SDK ends up without a session (the refresh was refused), what
 * was fetched with the stored token is dropped, as any answer is when a session ends (ID-2).
 */
import { useSession } from '@descope/react-sdk'
import { useEffect, useRef } from 'react'
import { IdleLogoff } from '../features/auth'
import { baseApi } from '../services/api/baseApi'
import { ACTIVE_STUDIES, pageArg, WORKLIST } from '../services/api/orderPages'
import { ordersApi } from '../services/api/ordersApi'
import { freshSessionToken } from '../services/auth/sessionTokenSource'
import { useDeps } from '../shared/deps'
import { useAppDispatch } from './hooks'
import { Workspace } from './router'

/** A token with less than this left would expire on the way, or be refreshed first anyway. */
export const EARLY_REQUEST_MARGIN_MS = 30_000

export function FirstRequests() {
  const { isAuthenticated, isSessionLoading } = useSession()
  const dispatch = useAppDispatch()
  const { session, clock } = useDeps()
  /** Decided once, on arrival; later changes of the session are the SessionBridge's business. */
  const arriving = useRef(true)
  /** Whether the worklist was requested with the stored token before the SDK confirmed it. */
  const early = useRef(false)

  useEffect(() => {
    if (!arriving.current) return
    arriving.current = false
    if (!isSessionLoading || isAuthenticated) return
    if (freshSessionToken(session, clock.now(), EARLY_REQUEST_MARGIN_MS) === undefined) return
    early.current = true
    void Workspace.prefetch()
    void IdleLogoff.prefetch()
    dispatch(ordersApi.util.prefetch('listOrderPage', pageArg(WORKLIST), {}))
    dispatch(ordersApi.util.prefetch('listOrderPage', pageArg(ACTIVE_STUDIES), {}))
  }, [isSessionLoading, isAuthenticated, session, clock, dispatch])

  useEffect(() => {
    if (!early.current || isSessionLoading || isAuthenticated) return
    early.current = false
    dispatch(baseApi.util.resetApiState())
  }, [isSessionLoading, isAuthenticated, dispatch])

  return null
}
