/**
 * The routes (RT-1..RT-5): /login for visitors without a session, '/' for signed-in users, every
 * other path to '/'. The same route objects serve the browser router and the tests' memory
 * router.
 */
import { useEffect } from 'react'
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom'
import { LoginRoute, RequireSession } from '../features/auth'
import { useAppConfig } from '../shared/config'
import { RouteErrorPage } from './RouteErrorPage'
import { WorkspaceFrame } from './WorkspaceFrame'

/** LG-4: the tab shows the product title on every page. */
function RootLayout() {
  const { productTitle } = useAppConfig()
  useEffect(() => {
    document.title = productTitle
  }, [productTitle])
  return <Outlet />
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      {
        element: <RequireSession />,
        children: [{ path: '/', element: <WorkspaceFrame /> }],
      },
      // RT-4: no other screen exists.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(appRoutes)
}
