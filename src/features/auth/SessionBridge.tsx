/**
 * Tells the store when the identity SDK's session begins and ends, so sagas can react (the
 * API cache is dropped when a session ends, ID-2). Only the fact travels, never a token.
 */
import { useSession } from '@descope/react-sdk'
import { useEffect, useRef } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { sessionEnded, sessionStarted } from './authEvents'

export function SessionBridge() {
  const { isAuthenticated } = useSession()
  const dispatch = useAppDispatch()
  const wasAuthenticated = useRef(false)

  useEffect(() => {
    if (isAuthenticated === wasAuthenticated.current) return
    wasAuthenticated.current = isAuthenticated
    dispatch(isAuthenticated ? sessionStarted() : sessionEnded())
  }, [isAuthenticated, dispatch])

  return null
}
