/**
 * CLM-6: the open study's claim let go before the session ends on purpose (Log out, the idle
 * sign-out). The identity server ends the session next, and a request after that would be
 * refused, so the sign-out waits for the release: at most `LET_GO_MS`, a sign-out never hangs on
 * it (the lease runs out on the server otherwise).
 */
import type { AppDispatch, RootState } from '../../../app/hooks'
import { claimsApi } from '../../../services/api/claimsApi'
import { selectOpenClaim } from './claimSlice'

export const LET_GO_MS = 2_000

export function letGoOfOpenStudy() {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    const open = selectOpenClaim(getState())
    if (open?.status !== 'held') return
    const request = dispatch(
      claimsApi.endpoints.releaseClaim.initiate({ orderId: open.orderId }, { track: false }),
    )
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      request.unwrap().then(
        () => undefined,
        // Logged by the API failure saga; the lease runs out on the server.
        () => undefined,
      ),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, LET_GO_MS)
      }),
    ])
    clearTimeout(timer)
  }
}
