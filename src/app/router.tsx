/**
 * The routes (RT-1..RT-5): /login for visitors without a session, '/' for signed-in users,
 * /admin for admins (ADM-10: anyone else is sent on to '/'), /follow-ups, /department and
 * /peer-review for their roles (src/app/PageFrame.tsx), every other path to '/'. The same
 * route objects serve the browser router and the tests' memory router.
 *
 * The login page is part of the first screen; the workspace is not: its code (and the idle
 * sign-out's) loads when a session is there, and is fetched ahead while the browser is idle on
 * any page, so signing in never waits on a download.
 */
import { useEffect } from 'react'
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom'
import { IdleLogoff, LoginRoute, RequireSession, SessionLoading } from '../features/auth'
import { useAppConfig } from '../shared/config'
import { lazyComponent, prefetchWhenIdle, useDownloaded } from '../shared/lazy'
import { selectWorkspaceFlowsStarted } from './flowsSlice'
import { useAppSelector } from './hooks'
import { RouteErrorPage } from './RouteErrorPage'

/** The signed-in screen (src/shared/lazy.tsx: loaded on first use, fetched ahead when idle). */
export const Workspace = lazyComponent(() =>
  import('./WorkspaceFrame').then((module) => module.WorkspaceFrame),
)

/** The Admin page (ADM-10): its code loads only when /admin is opened. */
export const Admin = lazyComponent(() => import('./AdminFrame').then((module) => module.AdminFrame))
/** The views of closing the loop (FU-*, PEER-*, DEPT-*), each loaded only when opened. */
const FollowUps = lazyComponent(() =>
  import('./FollowUpsFrame').then((module) => module.FollowUpsFrame),
)
const Department = lazyComponent(() =>
  import('./DepartmentFrame').then((module) => module.DepartmentFrame),
)
const PeerReview = lazyComponent(() =>
  import('./PeerReviewFrame').then((module) => module.PeerReviewFrame),
)

/** A lazily loaded view: 'Loading...' until its code is there. */
function LazyScreen({ view: View }: { view: typeof Admin }) {
  return useDownloaded(View) ? <View /> : <SessionLoading />
}

/**
 * The workspace once its flows run (flowsSlice.ts) and its code is there: until then 'Loading...'
 * stays up, as while the session is on its way (rendered, not a Suspense fallback: see
 * `useDownloaded`).
 */
function SignedInScreen() {
  const flowsStarted = useAppSelector(selectWorkspaceFlowsStarted)
  const downloaded = useDownloaded(Workspace)
  return flowsStarted && downloaded ? <Workspace /> : <SessionLoading />
}

/** LG-4: the tab shows the product title on every page. */
function RootLayout() {
  const { productTitle } = useAppConfig()
  useEffect(() => {
    document.title = productTitle
  }, [productTitle])
  useEffect(() => prefetchWhenIdle(Workspace, IdleLogoff), [])
  return <Outlet />
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      {
        // Its Suspense boundary keeps 'Loading...' up while the workspace's code arrives.
        element: <RequireSession />,
        children: [
          { path: '/', element: <SignedInScreen /> },
          { path: '/admin', element: <LazyScreen view={Admin} /> },
          { path: '/follow-ups', element: <LazyScreen view={FollowUps} /> },
          { path: '/department', element: <LazyScreen view={Department} /> },
          { path: '/peer-review', element: <LazyScreen view={PeerReview} /> },
        ],
      },
      // RT-4: no other screen exists (but the views above, each for its roles).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(appRoutes)
}
