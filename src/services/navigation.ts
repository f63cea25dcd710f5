/**
 * Full-page navigation, kept behind an interface so the API layer can send the browser to
 * /login on a 401 and tests can watch it happen without a real page load.
 */
export interface PageNavigator {
  /** Loads `path` as a new page, like `window.location.assign`. */
  assign(path: string): void
  /** Loads the current page again. */
  reload(): void
  /** The path of the page currently shown. */
  currentPath(): string
}

export const browserNavigator: PageNavigator = {
  assign: (path) => {
    window.location.assign(path)
  },
  reload: () => {
    window.location.reload()
  },
  currentPath: () => window.location.pathname,
}
