/**
 * The store's reducer: the first screen's slices from the start, the workspace's when its code
 * arrives. A module of its own, so that the workspace's flows (src/sagas/workspaceFlows.ts) can
 * inject their slices without importing the store, whose root saga loads them.
 */
import { combineSlices, type Reducer, type UnknownAction, type WithSlice } from '@reduxjs/toolkit'
import { baseApi } from '../services/api/baseApi'
import { flowsSlice } from './flowsSlice'
import { layoutSlice } from './layoutSlice'
import { idleLogoffSlice } from '../features/auth'
import { ordersSlice, worklistSlice } from '../features/orders'
import type { claimSlice } from '../features/orders'
import { authorshipSlice } from '../features/conversation'
import type { conversationSlice } from '../features/conversation'
import type { addendumSlice, comparisonSlice, reportSlice, signingSlice } from '../features/report'
import type { dictationSlice } from '../features/dictation'

/**
 * The slices only the signed-in workspace reads: a study's chat, report, addenda, comparison,
 * dictation and claim. They come with the workspace's code (`injectWorkspaceSlices`, called as
 * src/sagas/workspaceFlows.ts loads), not with the first screen's: the workspace renders only
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
    WithSlice<typeof comparisonSlice>,
    WithSlice<typeof dictationSlice> {}

const firstScreenReducer = combineSlices(
  baseApi,
  flowsSlice,
  layoutSlice,
  ordersSlice,
  worklistSlice,
  authorshipSlice,
  idleLogoffSlice,
)

const slicesReducer = firstScreenReducer.withLazyLoadedSlices<WorkspaceSlices>()

/** The state every screen past the first reads: the workspace's slices are in by then. */
export type RootState = ReturnType<typeof firstScreenReducer> & WorkspaceSlices

/**
 * The store's reducer, as its readers see it (the workspace's slices typed as present). Every
 * store of the page shares it, so the slices injected once are in all of them.
 */
export const rootReducer = slicesReducer as Reducer<RootState, UnknownAction, Partial<RootState>>

type WorkspaceSlice =
  | typeof claimSlice
  | typeof conversationSlice
  | typeof reportSlice
  | typeof addendumSlice
  | typeof signingSlice
  | typeof comparisonSlice
  | typeof dictationSlice

/** Adds the workspace's slices to the store's reducer (again: nothing changes). */
export function injectWorkspaceSlices(slices: readonly WorkspaceSlice[]): void {
  for (const slice of slices) slicesReducer.inject(slice)
}
