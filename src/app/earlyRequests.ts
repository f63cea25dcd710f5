/**
 * No waterfall between the session and the first screen's data (ID-3). On arrival the identity
 * SDK checks the session it stored on an earlier visit with a refresh round trip, and the
 * workspace (and its worklist request) would wait for that answer. When the stored session token
 * is still good by its own expiry, the first screen's lists and the signed-in screen's code are
 * asked for at once, before the first render (main.tsx calls this as soon as the store exists),
 * beside the refresh: the requests carry the stored token (the SDK's session token until the
 * refresh replaces it), and the Sidebar's own queries find the answers in RTK Query's cache.
 *
 * Only the sidebar's lists start early (the first page of the worklist and of Active Studies,
 * with the Sidebar's arguments): they are the first screen's large answers. If the SDK ends up
 * without a session (the refresh was refused), FirstRequests drops what they fetched, as any
 * answer is dropped when a session ends (ID-2).
 */
import { IdleLogoff } from '../features/auth'
import { ACTIVE_STUDIES, pageArg, WORKLIST } from '../services/api/orderPages'
import { ordersApi } from '../services/api/ordersApi'
import { freshSessionToken } from '../services/auth/sessionTokenSource'
import type { ScreenDeps } from '../shared/deps'
import { EARLY_REQUEST_MARGIN_MS } from './boot/firstPaint'
import { firstRequestsStarted } from './flowsSlice'
import { Workspace } from './router'
import type { AppStore } from './store'

export { EARLY_REQUEST_MARGIN_MS }

export function startEarlyRequests(
  store: Pick<AppStore, 'dispatch'>,
  deps: Pick<ScreenDeps, 'session' | 'clock'>,
): void {
  if (freshSessionToken(deps.session, deps.clock.now(), EARLY_REQUEST_MARGIN_MS) === undefined)
    return
  store.dispatch(firstRequestsStarted())
  store.dispatch(ordersApi.util.prefetch('listOrderPage', pageArg(WORKLIST), {}))
  store.dispatch(ordersApi.util.prefetch('listOrderPage', pageArg(ACTIVE_STUDIES), {}))
  void Workspace.prefetch()
  void IdleLogoff.prefetch()
}
