/**
 * The store's types, for the flows below the roof: src/sagas imports src/app only here, and only
 * types, which the build erases, so at run time the arrow points down (the roof's store starts
 * the flows; no flow loads the roof).
 */
export type { RootState } from './rootReducer'
export type { AppDispatch, AppStore } from './store'
