/** Typed versions of react-redux's hooks; lint forbids the untyped ones everywhere else. */
// eslint-disable-next-line no-restricted-imports -- the one place the typed hooks are made from the untyped ones
import { useDispatch, useSelector } from 'react-redux'
import type { AppDispatch, RootState } from './store'

/** What features may know of the store: its state's and its dispatch's types. */
export type { AppDispatch, RootState }

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()
