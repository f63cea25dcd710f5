/**
 * The store's reducer as the app composes it: the first screen's slices from the start, the
 * workspace's when its code arrives (src/sagas/workspaceFlows.ts adds them to the page's reducer,
 * src/shared/storeReducer.ts). Here is what the state holds, and its type.
 */
import type { Reducer, UnknownAction, WithSlice } from '@reduxjs/toolkit'
import type { baseApi } from '../services/api/baseApi'
import { addSlices, storeReducer } from '../shared/storeReducer'
import { flowsSlice } from './flowsSlice'
import { layoutSlice } from '../shared/layoutSlice'
import { idleLogoffSlice } from '../features/auth'
import { ordersSlice, worklistSlice } from '../features/orders'
import type { claimSlice } from '../features/orders'
import { authorshipSlice } from '../features/conversation'
import type { conversationSlice } from '../features/conversation'
import type {
  addendumSlice,
  comparisonSlice,
  reportSlice,
  reviewSlice,
  signingSlice,
} from '../features/report'
import type { dictationSlice } from '../features/dictation'

/**
 * The slices only the signed-in workspace reads: a study's chat, report, addenda, comparison,
 * dictation and claim. They come with the workspace's code (added as src/sagas/workspaceFlows.ts
 * loads), not with the first screen's: the workspace renders only
 * after `app/workspaceFlowsStarted`, which is dispatched after they are in, and none of them
 * answers an action dispatched before that (their state until then is their initial state, so
 * replaying the action log from the start gives the same states).
 */
export interface WorkspaceSlices
  extends
    WithSlice<typeof claimSlice>,
    WithSlice<typeof conversationSlice>,
    WithSlice<typeof reportSlice>,
    WithSlice<typeof addendumSlice>,
    WithSlice<typeof signingSlice>,
    WithSlice<typeof reviewSlice>,
    WithSlice<typeof comparisonSlice>,
    WithSlice<typeof dictationSlice> {}

/** The first screen's slices, in the store from its start. */
type FirstScreenSlices = WithSlice<typeof baseApi> &
  WithSlice<typeof flowsSlice> &
  WithSlice<typeof layoutSlice> &
  WithSlice<typeof ordersSlice> &
  WithSlice<typeof worklistSlice> &
  WithSlice<typeof authorshipSlice> &
  WithSlice<typeof idleLogoffSlice>

// After the API cache, which the page's reducer starts with: the state's keys in this order.
addSlices([flowsSlice, layoutSlice, ordersSlice, worklistSlice, authorshipSlice, idleLogoffSlice])

/** The state every screen past the first reads: the workspace's slices are in by then. */
export type RootState = FirstScreenSlices & WorkspaceSlices

/**
 * The store's reducer, as its readers see it (the workspace's slices typed as present). Every
 * store of the page shares it, so the slices injected once are in all of them.
 */
export const rootReducer = storeReducer as unknown as Reducer<
  RootState,
  UnknownAction,
  Partial<RootState>
>
