/**
 * The other half of src/app/earlyRequests.ts: when the identity SDK has answered on a returning
 * clinician's stored session, what the first requests fetched with the stored token is kept if
 * the session stands, and dropped if it does not (ID-2, ID-3).
 */
import { useSession } from '@descope/react-sdk'
import { useEffect } from 'react'
import { baseApi } from '../services/api/baseApi'
import { firstRequestsSettled, selectFirstRequestsEarly } from './flowsSlice'
import { useAppDispatch, useAppSelector } from './hooks'

export function FirstRequests() {
  const { isAuthenticated, isSessionLoading } = useSession()
  const early = useAppSelector(selectFirstRequestsEarly)
  const dispatch = useAppDispatch()

  useEffect(() => {
    if (!early || isSessionLoading) return
    dispatch(firstRequestsSettled())
    if (!isAuthenticated) dispatch(baseApi.util.resetApiState())
  }, [early, isSessionLoading, isAuthenticated, dispatch])

  return null
}
