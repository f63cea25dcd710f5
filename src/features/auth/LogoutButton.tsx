/**
 * ID-2: 'Log out' ends the identity SDK's session. The guards then show /login and the session
 * saga drops the API cache, both reacting to the session's end rather than to this button, so a
 * session the provider ends on its own (a refused refresh) is handled the same way.
 */
import { Button, type ButtonProps } from '@chakra-ui/react'
import { useDescope } from '@descope/react-sdk'
import { useState } from 'react'
import { useDeps } from '../../shared/deps'
import { endIdentitySession } from '../../services/auth/identitySignOut'
import { useAppDispatch } from '../../app/hooks'
import { logoutRequested } from './authEvents'

export interface LogoutButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /**
   * What must be done while the session still stands (the app's: the open study's claim let go);
   * the sign-out waits for it, and goes on whatever its outcome.
   */
  beforeSignOut?: () => Promise<unknown>
}

export function LogoutButton({ beforeSignOut, ...props }: LogoutButtonProps) {
  const sdk = useDescope()
  const { logger } = useDeps()
  const dispatch = useAppDispatch()
  const [pending, setPending] = useState(false)

  const logout = async () => {
    setPending(true)
    dispatch(logoutRequested())
    try {
      await beforeSignOut?.().catch(() => undefined)
      await endIdentitySession(sdk, logger)
    } finally {
      setPending(false)
    }
  }

  return (
    <Button variant="outline" size="sm" loading={pending} onClick={() => void logout()} {...props}>
      Log out
    </Button>
  )
}
