/**
 * Route guards on the identity SDK's session (RT-1..3). The SDK is the only source of truth:
 * nothing about the session is copied into the store.
 */
import { useSession } from '@descope/react-sdk'
import { Suspense, useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { lazyComponent, useDownloaded } from '../../shared/lazy'
import { LoginPage } from './LoginPage'
import { SessionLoading } from './SessionLoading'

/** SEC-8's watch and warning: their code comes with the signed-in screens, not the login page. */
export const IdleLogoff = lazyComponent(() =>
  import('./IdleLogoff').then((module) => module.IdleLogoff),
)

/**
 * RT-2: '/' and everything under it need a session; without one the visitor goes to /login.
 * While it is shown, the session ends after a while without activity (SEC-8). A screen whose
 * code is still on its way keeps 'Loading...' up, and it appears together with the idle watch
 * (whose code is waited for without suspending: see `useDownloaded`).
 */
export function RequireSession() {
  const { isAuthenticated, isSessionLoading } = useSession()
  const idleWatchDownloaded = useDownloaded(IdleLogoff)
  const { search } = useLocation()
  if (isSessionLoading || (isAuthenticated && !idleWatchDownloaded)) return <SessionLoading />
  // URL-1: a link to a study (`?study=`) opened signed out opens it once signed in.
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ returnTo: search }} />
  return (
    <Suspense fallback={<SessionLoading />}>
      <Outlet />
      <IdleLogoff />
    </Suspense>
  )
}

/**
 * RT-1: /login is for visitors without a session; one who arrives signed in goes to '/'.
 * The decision is taken once, on arrival: a sign-in completed on this page is followed by the
 * page's own delayed move to '/' (LG-2), which an immediate redirect would cut short.
 */
export function LoginRoute() {
  const { isAuthenticated, isSessionLoading } = useSession()
  const [arrivedSignedOut, setArrivedSignedOut] = useState(false)
  if (!arrivedSignedOut) {
    if (isSessionLoading) return <SessionLoading />
    if (isAuthenticated) return <Navigate to="/" replace />
    // Recorded during render (React's "state from previous renders" pattern): no effect, no flash.
    setArrivedSignedOut(true)
  }
  return <LoginPage />
}
