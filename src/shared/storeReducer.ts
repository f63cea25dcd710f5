/**
 * The store's reducer, one for every store of the page, to which slices are added as their code
 * arrives: the first screen's as the app composes its store (src/app/rootReducer.ts), the
 * workspace's as its flows load (src/sagas/workspaceFlows.ts). It lives on the floor so that the
 * flows add their slices without reaching up into src/app, whose store starts them; a slice
 * added once is in every store of the page, and adding it again changes nothing.
 */
import { combineSlices, type Reducer } from '@reduxjs/toolkit'
import { baseApi } from '../services/api/baseApi'

/** The API cache is in every store from the start: every screen reads through it. */
export const storeReducer = combineSlices(baseApi)

/** A slice as the reducer takes it: its state under its `reducerPath`. */
export interface SliceLike {
  reducerPath: string
  reducer: Reducer
}

/** Adds slices to the store's reducer, in order (again: nothing changes). */
export function addSlices(slices: readonly SliceLike[]): void {
  for (const slice of slices) storeReducer.inject(slice)
}
