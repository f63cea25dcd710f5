/**
 * SEC-8 (HIPAA automatic logoff) on screen. While the signed-in workspace is shown it asks the
 * idle saga to keep time with the deployment's minutes; after them without activity the saga
 * shows 'Still there?', which counts down and offers 'Stay signed in' (closing it with Escape is
 * the same answer). Without an answer the saga signs out, as 'Log out' does but keeping the
 * clinician's unsent drafts for their next sign-in.
 *
 * It lends the identity SDK to the sagas' sign-out handle (`identity`) while it is mounted: only
 * under the session guard, where the provider's SDK surely exists (`useDescope` before that would
 * make a placeholder SDK the global one, which the API's token source reads).
 */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import { useDescope } from '@descope/react-sdk'
import { useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useAppConfig } from '../../shared/config'
import { IDLE_WARNING_SECONDS } from '../../shared/constants'
import { useDeps } from '../../shared/deps'
import {
  idleWatchStarted,
  idleWatchStopped,
  selectIdleWarning,
  staySignedInChosen,
} from './idleLogoffSlice'

export const IDLE_WARNING_TITLE = 'Still there?'
/** The button's accessible name is a contract (SEC-8). */
export const STAY_SIGNED_IN = 'Stay signed in'

export function IdleLogoff() {
  const { idleLogoffMinutes } = useAppConfig()
  const dispatch = useAppDispatch()
  const warning = useAppSelector(selectIdleWarning)
  const sdk = useDescope()
  const { identity } = useDeps()

  useEffect(() => identity.attach(sdk), [identity, sdk])

  useEffect(() => {
    dispatch(
      idleWatchStarted({ idleMinutes: idleLogoffMinutes, warningSeconds: IDLE_WARNING_SECONDS }),
    )
    return () => {
      dispatch(idleWatchStopped())
    }
  }, [dispatch, idleLogoffMinutes])

  const secondsLeft = warning?.secondsLeft ?? IDLE_WARNING_SECONDS
  return (
    <Dialog.Root
      role="alertdialog"
      open={warning !== null}
      onOpenChange={(details) => {
        if (!details.open) dispatch(staySignedInChosen())
      }}
      closeOnInteractOutside={false}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{IDLE_WARNING_TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                {`For privacy, you will be signed out in ${String(secondsLeft)} ${secondsLeft === 1 ? 'second' : 'seconds'}.`}
              </Dialog.Description>
              <Text mt="2" fontSize="sm" color="fg.muted">
                Unsent messages and report drafts are kept for your next sign-in.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={() => dispatch(staySignedInChosen())}>
                {STAY_SIGNED_IN}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
