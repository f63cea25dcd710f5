/**
 * LG-1..3 in cloud mode (`VITE_DESCOPE_PROJECT_ID`): the login card hosts Descope's
 * `sign-up-or-in` flow widget, dark. The hosted flow itself (a web component that downloads its
 * screens from Descope) cannot run in jsdom, so it is the one thing replaced here: a stand-in flow
 * that does what the hosted one does on a password screen, signs in through the real SDK of the
 * AuthProvider (against MSW's version of the identity endpoints) and then fires the widget's
 * `success` or `error` event. Everything the app does with those events is real.
 */
import type * as DescopeReact from '@descope/react-sdk'
import { useEffect, type ReactElement } from 'react'
import { useDescope } from '@descope/react-sdk'
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../../../src/shared/config'
import { LOGIN_REDIRECT_DELAY_MS } from '../../../../src/shared/constants'
import { identityBackend } from '../../../support/msw/server'
import { renderApp, useFakeClock } from '../../../support/render'

interface FlowProps {
  flowId: string
  theme?: string
  onSuccess?: (event: CustomEvent<unknown>) => void
  onError?: (event: CustomEvent<unknown>) => void
}

/** The props the app gave the flow widget, newest last. */
const flowProps: FlowProps[] = []

/** What the hosted flow would do when the clinician submits its password screen. */
interface FlowActions {
  signIn: (email: string, password: string) => Promise<void>
  fail: (detail: unknown) => void
}

const notOnPage = () => new Error('the flow widget is not on the page')
const offPage: FlowActions = {
  signIn: () => Promise.reject(notOnPage()),
  fail: () => {
    throw notOnPage()
  },
}
/**
 * The flow on the page now. `ready` turns true once the widget's effect has given it this
 * render's callbacks (the element is in the page a moment before that, and a busy machine makes
 * the moment long): acting earlier would reach the callbacks of a page already gone.
 */
const flow: FlowActions & { succeededAt: number; ready: boolean } = {
  succeededAt: 0,
  ready: false,
  ...offPage,
}

function StandInFlow(props: FlowProps): ReactElement {
  const sdk = useDescope()
  useEffect(() => {
    flowProps.push(props)
    const actions: FlowActions = {
      signIn: async (email, password) => {
        const answer = await sdk.password.signIn(email, password)
        if (!answer.ok) throw new Error(`stand-in sign-in failed: ${answer.error?.errorCode ?? ''}`)
        flow.succeededAt = Date.now()
        props.onSuccess?.(new CustomEvent('success', { detail: answer.data }))
      },
      fail: (detail) => {
        props.onError?.(new CustomEvent('error', { detail }))
      },
    }
    Object.assign(flow, actions, { ready: true })
    return () => {
      Object.assign(flow, offPage, { ready: false })
    }
  }, [props, sdk])
  return <div data-testid="descope-flow" />
}

/** Waits until the flow widget is on the page and can act. */
async function flowOnPage(): Promise<void> {
  await screen.findByTestId('descope-flow')
  await waitFor(() => {
    expect(flow.ready).toBe(true)
  })
}

vi.mock('@descope/react-sdk', async (importOriginal) => ({
  ...(await importOriginal<typeof DescopeReact>()),
  Descope: StandInFlow,
}))

const cloudConfig = loadConfig({
  DEV: false,
  VITE_DESCOPE_PROJECT_ID: 'P2CloudProjectForTests',
  // The "cloud" here is MSW on the page's own origin, speaking the same protocol.
  VITE_DESCOPE_BASE_URL: window.location.origin,
})

describe('the login screen in cloud mode', () => {
  it('LG-1 hosts the sign-up-or-in flow widget, dark, under the product title', async () => {
    renderApp({ route: '/login', config: cloudConfig })

    expect(await screen.findByTestId('descope-flow')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(cloudConfig.productTitle)
    expect(flowProps.at(-1)).toMatchObject({ flowId: 'sign-up-or-in', theme: 'dark' })
    // The local form is not shown next to the widget.
    expect(screen.queryByRole('form', { name: 'Sign up or sign in' })).not.toBeInTheDocument()
  })

  it('LG-2 after the flow succeeds, the app waits 100 ms and opens /', async () => {
    identityBackend.addUser('ada@example.org', 'analytical engine')
    const clock = useFakeClock()
    const { router } = renderApp({
      route: '/login',
      config: cloudConfig,
      advanceTimers: clock.advanceTimers,
    })
    const moves: { path: string; at: number }[] = []
    router.subscribe((state) => moves.push({ path: state.location.pathname, at: Date.now() }))
    await flowOnPage()

    await act(() => flow.signIn('ada@example.org', 'analytical engine'))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/')
    })
    expect(moves).toEqual([{ path: '/', at: expect.any(Number) as number }])
    expect(moves[0]!.at - flow.succeededAt).toBeGreaterThanOrEqual(LOGIN_REDIRECT_DELAY_MS)
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
  })

  it('LG-3 a flow error adds nothing to the page and is logged', async () => {
    const { deps, router } = renderApp({ route: '/login', config: cloudConfig })
    await flowOnPage()
    const before = screen.getByRole('main').textContent

    act(() => {
      flow.fail({ errorCode: 'E061103', errorDescription: 'Too many attempts' })
    })

    expect(deps.logger.events('error')).toEqual(['auth/signInFailed'])
    expect(screen.getByRole('main').textContent).toBe(before)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})
