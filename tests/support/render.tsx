/**
 * Rendering helpers of the web tests: the real store (`makeStore`), the real providers (Chakra,
 * Redux, the Descope SDK pointed at MSW's local identity) and the app's own route objects in a
 * memory router. Only the collaborators that leave the page are doubles: the logger and the
 * full-page navigator.
 */
import { windowPageHidden, windowPageHide } from '../../src/services/page/pageHide'
import type { EventStreamReader } from '../../src/services/events/eventStream'
import { render, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { vi } from 'vitest'
import { loadConfig, type AppConfig } from '../../src/shared/config'
import type { AppDeps } from '../../src/shared/deps'
import { AppProviders } from '../../src/app/providers'
import { appRoutes } from '../../src/app/router'
import { startEarlyRequests } from '../../src/app/earlyRequests'
import type { ActionRecorder } from '../../src/app/actionLog'
import { makeStore, type AppStore, type RootState } from '../../src/app/store'
import { workspaceFlows } from '../../src/sagas/workspaceFlows'
import { baseApi } from '../../src/services/api/baseApi'
import { createActivityMonitor, systemClock } from '../../src/services/activity'
import { createIdentitySignOut } from '../../src/services/auth/identitySignOut'
import { descopeSessionTokenSource } from '../../src/services/auth/sessionTokenSource'
import type { Logger, LogLevel } from '../../src/services/log'
import type { PageNavigator } from '../../src/services/navigation'
import { FakeDictationEngine } from './speech/FakeDictationEngine'
import { chatDrafts } from '../../src/services/storage/chatDraftStorage'
import { createMemoryDraftStorage } from '../../src/services/storage/draftStorage'
import { localPreferences } from '../../src/services/storage/preferenceStorage'

export interface LogEntry {
  level: LogLevel
  event: string
  detail: unknown
}

/** Keeps every log entry so a test can check that an error was logged (and not shown). */
export class FakeLogger implements Logger {
  readonly entries: LogEntry[] = []
  debug(event: string, detail?: unknown): void {
    this.entries.push({ level: 'debug', event, detail })
  }
  info(event: string, detail?: unknown): void {
    this.entries.push({ level: 'info', event, detail })
  }
  warn(event: string, detail?: unknown): void {
    this.entries.push({ level: 'warn', event, detail })
  }
  error(event: string, detail?: unknown): void {
    this.entries.push({ level: 'error', event, detail })
  }
  events(level?: LogLevel): string[] {
    return this.entries
      .filter((entry) => !level || entry.level === level)
      .map((entry) => entry.event)
  }
}

/** Records page loads instead of doing them; `path` follows the memory router when given one. */
export class FakeNavigator implements PageNavigator {
  readonly assigned: string[] = []
  reloads = 0
  path = '/'
  pathSource: (() => string) | undefined
  assign(path: string): void {
    this.assigned.push(path)
  }
  reload(): void {
    this.reloads += 1
  }
  currentPath(): string {
    return this.pathSource ? this.pathSource() : this.path
  }
}

export interface TestDeps extends AppDeps {
  logger: FakeLogger
  navigator: FakeNavigator
  speech: FakeDictationEngine
}

/** The session token comes from the real Descope SDK unless a test gives a fixed one. */
export function createTestDeps(
  options: { sessionToken?: string | null; liveEvents?: EventStreamReader } = {},
): TestDeps {
  const { sessionToken } = options
  return {
    session:
      sessionToken === undefined
        ? descopeSessionTokenSource
        : { getSessionToken: () => sessionToken ?? undefined },
    navigator: new FakeNavigator(),
    logger: new FakeLogger(),
    draftStorage: createMemoryDraftStorage(),
    chatDraftStorage: chatDrafts.inMemory(),
    speech: new FakeDictationEngine(),
    // The browser's own: fake timers move its clock, and the page's events and localStorage are
    // jsdom's (cleared after every test).
    clock: systemClock,
    activity: createActivityMonitor({ clock: systemClock, target: window, storage: localStorage }),
    identity: createIdentitySignOut(),
    // jsdom's localStorage, cleared after every test: a second store in one test sees the first's.
    preferences: localPreferences,
    // No live stream unless a test asks for one (the live-events tests pass readEventStream).
    liveEvents: options.liveEvents ?? (() => Promise.resolve({ kind: 'unsupported' })),
    // jsdom's window: a test fires `pagehide` on it as the browser would.
    pageHide: windowPageHide(window),
    // The same: `pagehide`, or a `visibilitychange` with jsdom's document made hidden.
    pageHidden: windowPageHidden(window),
  }
}

export const testConfig: AppConfig = loadConfig({ DEV: false })

/**
 * The real store. Its workspace flows start with it, already loaded, as a test expects them to
 * (the page loads their code as the store starts; tests/src/sagas/deferredFlows.test.ts proves
 * nothing is lost meanwhile).
 */
export function makeTestStore(
  options: { preloadedState?: Partial<RootState>; deps?: TestDeps; recorder?: ActionRecorder } = {},
): { store: AppStore; deps: TestDeps } {
  const deps = options.deps ?? createTestDeps()
  const store = makeStore(options.preloadedState, deps, {
    devTools: false,
    workspaceFlows,
    ...(options.recorder ? { recorder: options.recorder } : {}),
  })
  liveStores.push(store)
  return { store, deps }
}

const liveStores: AppStore[] = []

/**
 * Stops the sagas of every store a test made and waits for its requests still in flight, so
 * nothing a finished test started reaches the next test's backends or logs.
 */
export async function closeTestStores(): Promise<void> {
  const stores = liveStores.splice(0)
  for (const store of stores) store.stopSagas()
  await Promise.allSettled(
    stores.flatMap((store) => [
      ...store.dispatch(baseApi.util.getRunningQueriesThunk()),
      ...store.dispatch(baseApi.util.getRunningMutationsThunk()),
    ]),
  )
}

export interface RenderAppOptions {
  route?: string
  routes?: RouteObject[]
  preloadedState?: Partial<RootState>
  /** Records the actions of this app's store (the replay tests). */
  recorder?: ActionRecorder
  deps?: TestDeps
  config?: AppConfig
  /** For tests with fake timers: user-event must advance them while it waits. */
  advanceTimers?: (ms: number) => unknown
}

export interface RenderAppResult extends RenderResult {
  store: AppStore
  deps: TestDeps
  user: UserEvent
  router: ReturnType<typeof createMemoryRouter>
}

/** The whole app at `route`, with the app's route objects in a memory router. */
export function renderApp(options: RenderAppOptions = {}): RenderAppResult {
  const { store, deps } = makeTestStore({
    preloadedState: options.preloadedState,
    ...(options.recorder ? { recorder: options.recorder } : {}),
    deps: options.deps,
  })
  const router = createMemoryRouter(options.routes ?? appRoutes, {
    initialEntries: [options.route ?? '/'],
  })
  deps.navigator.pathSource = () => router.state.location.pathname
  // As main.tsx does before the first render.
  startEarlyRequests(store, deps)
  const user = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : {},
  )
  const view = render(
    <AppProviders store={store} deps={deps} config={options.config ?? testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, store, deps, user, router }
}

/** One element inside the app's providers and a router, for component tests. */
export function renderWithProviders(
  ui: ReactElement,
  options: Omit<RenderAppOptions, 'routes'> = {},
): RenderAppResult {
  return renderApp({
    ...options,
    routes: [{ path: '*', element: ui }],
    route: options.route ?? '/',
  })
}

/** Fake timers that still let promises, MSW and the SDK progress (see user-event's `advanceTimers`). */
export function useFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  return { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) }
}
