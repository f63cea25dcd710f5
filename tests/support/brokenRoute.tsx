/**
 * The app's routes with one that fails to render at `path`: its root's error page takes over, as
 * it would for any uncaught render error.
 */
import type { RouteObject } from 'react-router-dom'
import { appRoutes } from '../../src/app/router'

function Broken(): never {
  throw new Error('render failed')
}

export function routesBrokenAt(path: string): RouteObject[] {
  const [root] = appRoutes
  return [
    {
      element: root?.element,
      errorElement: root?.errorElement,
      // First: of two routes matching a path alike, the first wins.
      children: [{ path, element: <Broken /> }, ...(root?.children ?? [])],
    },
  ]
}
