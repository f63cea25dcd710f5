/**
 * FP-1..FP-7 (issue 15): the page's first script paints a returning clinician's worklist rows
 * from the first page before the app has loaded (src/app/boot), the app takes that answer instead
 * of asking again (src/services/api/firstAnswer.ts), and the app's own screen releases the rows
 * (src/shared/firstPaint.ts). Here in jsdom, with the MSW backends and the real store; the same
 * in Chromium with the real server in tests/e2e/firstPaint.spec.ts.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_PAINT_WAIT_MS, startFirstPaint, type Boot } from '../../../src/app/boot/firstPaint'
import { selectSelectedOrderId } from '../../../src/features/orders'
import { offerFirstAnswer, takeFirstAnswer } from '../../../src/services/api/firstAnswer'
import { apiBackend, identityBackend, server } from '../../support/msw/server'
import { routesBrokenAt } from '../../support/brokenRoute'
import { createTestDeps, renderApp } from '../../support/render'
import { holdRefresh, storedTokenExpiringIn } from '../../support/storedSession'

/** Requests for the worklist itself (Active Studies is a query of its own, `status=in_progress`). */
const worklistRequests = () =>
  apiBackend.requestsTo('listOrders').filter((request) => !request.query?.has('status'))

const paintedRows = () => document.getElementById('first-paint')

/** The texts of a list box's options, in order. */
const optionTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('option')
    .map((option) => option.textContent)

/** The app, started as src/app/start.tsx starts it after the first script. */
function startApp(boot: Boot, route = '/') {
  offerFirstAnswer(boot.answer)
  return renderApp({ route, deps: { ...createTestDeps(), firstPaint: boot.firstPaint } })
}

describe('the first paint of a returning clinician', () => {
  beforeEach(() => {
    // Our own server's form: pages. The waiting clocks read one frozen minute, so the painted
    // rows and the app's say the same however long the test takes.
    apiBackend.paging = true
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date())
  })
  afterEach(() => {
    offerFirstAnswer(undefined)
    paintedRows()?.remove()
    window.history.replaceState(null, '', '/')
  })

  it('FP-1 the worklist’s first rows are painted before the app loads, with the stored session, as the app then shows them; the app asks no second time', async () => {
    const stored = identityBackend.rememberSession('ada@example.org')
    const boot = startFirstPaint(window)
    await boot.ready

    const painted = screen.getByRole('listbox', { name: 'Worklist' })
    const texts = optionTexts(painted)
    const setSize = within(painted).getAllByRole('option')[0]?.getAttribute('aria-setsize')
    expect(texts.length).toBeGreaterThan(0)
    expect(texts[0]).toContain('Turing, Alan')
    expect(worklistRequests().map((request) => request.headers.get('authorization'))).toEqual([
      `Bearer ${stored.sessionJwt}`,
    ])

    // The app loads while the identity SDK still checks the stored session: its 'Loading...'
    // stays under the painted rows.
    const releaseRefresh = holdRefresh()
    startApp(boot)
    expect(await screen.findByText('Loading...')).toBeInTheDocument()
    expect(paintedRows()).not.toBeNull()

    releaseRefresh()
    await waitFor(() => {
      expect(paintedRows()).toBeNull()
    })
    const list = screen.getByRole('listbox', { name: 'Worklist' })
    expect(optionTexts(list).slice(0, texts.length)).toEqual(texts)
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-setsize', setSize)
    expect(worklistRequests()).toHaveLength(1)
  })

  it('FP-2 a study clicked on the painted rows opens once the app has loaded', async () => {
    identityBackend.rememberSession('ada@example.org')
    const boot = startFirstPaint(window)
    await boot.ready
    const painted = screen.getByRole('listbox', { name: 'Worklist' })
    const second = within(painted).getAllByRole('option')[1]!
    const studyId = second.id.replace(/^worklist-/, '')
    second.click()
    expect(second).toHaveAttribute('aria-selected', 'true')

    const { store } = startApp(boot)

    await waitFor(() => {
      expect(selectSelectedOrderId(store.getState())).toBe(studyId)
    })
    const row = within(screen.getByRole('listbox', { name: 'Worklist' })).getByRole('option', {
      selected: true,
    })
    expect(row.id).toBe(`worklist-${studyId}`)
    // The click was the app's to act on once: a second release hands nothing over.
    expect(boot.firstPaint.release()).toBeNull()
  })

  it('FP-3 nothing is asked for or painted without a stored session, with one about to expire, or away from the worklist’s page', async () => {
    const settled = async () => {
      const boot = startFirstPaint(window)
      await boot.ready
      expect(boot.answer).toBeUndefined()
      expect(boot.firstPaint.release()).toBeNull()
    }
    await settled()

    identityBackend.rememberSession('ada@example.org')
    window.history.replaceState(null, '', '/login')
    await settled()

    window.history.replaceState(null, '', '/')
    storedTokenExpiringIn(10)
    await settled()

    expect(apiBackend.requests).toEqual([])
    expect(paintedRows()).toBeNull()
  })

  it('FP-4 an answer not in our plain page form paints nothing, and the app still reads it', async () => {
    identityBackend.rememberSession('ada@example.org')
    const page = () => ({ items: structuredClone(apiBackend.orders), next_cursor: null, total: 3 })
    const answers: JsonBodyType[] = [
      // A spec backend's whole list, a bare array.
      structuredClone(apiBackend.orders),
      // Ids as numbers, HL7 priority codes, a row without its patient.
      { ...page(), items: page().items.map((order, index) => ({ ...order, id: index + 1 })) },
      { ...page(), items: page().items.map((order) => ({ ...order, priority: 'S' })) },
      { ...page(), items: page().items.map((order) => ({ ...order, patient: null })) },
    ]
    for (const answer of answers) {
      server.use(http.get('/api/v1/orders', () => HttpResponse.json(answer), { once: true }))
      const boot = startFirstPaint(window)
      await boot.ready
      await boot.answer?.response
      expect(paintedRows()).toBeNull()
      offerFirstAnswer(undefined)
    }

    server.use(
      http.get('/api/v1/orders', () => HttpResponse.json(structuredClone(apiBackend.orders)), {
        once: true,
      }),
    )
    const boot = startFirstPaint(window)
    startApp(boot)
    const list = await screen.findByRole('listbox', { name: 'Worklist' })
    expect(within(list).getAllByRole('option')).toHaveLength(apiBackend.orders.length)
  })

  it('FP-5 a stored session the server refuses paints nothing', async () => {
    identityBackend.rememberSession('ada@example.org')
    server.use(
      http.get('/api/v1/orders', () =>
        HttpResponse.json({ error: 'unauthorized', message: 'No session.' }, { status: 401 }),
      ),
    )
    const boot = startFirstPaint(window)
    await boot.ready
    await boot.answer?.response
    expect(paintedRows()).toBeNull()
  })

  it('FP-6 a slow first page holds the app no longer than the wait, and rows that come after the app took over are not painted', async () => {
    identityBackend.rememberSession('ada@example.org')
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.use(
      http.get(
        '/api/v1/orders',
        async () => {
          await answered
          return undefined
        },
        { once: true },
      ),
    )
    const boot = startFirstPaint(window)
    const started = performance.now()
    await boot.ready
    expect(performance.now() - started).toBeGreaterThanOrEqual(FIRST_PAINT_WAIT_MS - 5)

    // The app's screen shows first (here: released as the login page or the list would).
    expect(boot.firstPaint.release()).toBeNull()
    answer()
    await (await boot.answer?.response)?.text()
    await waitFor(() => {
      expect(worklistRequests()).toHaveLength(1)
    })
    expect(paintedRows()).toBeNull()
  })

  it('FP-7 the first answer is taken once, by the very request it answers', () => {
    const response = Promise.resolve(new Response('[]'))
    const url = 'http://localhost/api/v1/orders?limit=100'
    offerFirstAnswer({ url, authorization: 'Bearer a', response })
    const asked = (target: string, authorization: string, method = 'GET') =>
      takeFirstAnswer(new Request(target, { method, headers: { Authorization: authorization } }))

    expect(asked(`${url}&status=in_progress`, 'Bearer a')).toBeUndefined()
    expect(asked(url, 'Bearer b')).toBeUndefined()
    expect(asked(url, 'Bearer a', 'HEAD')).toBeUndefined()
    expect(asked(url, 'Bearer a')).toBe(response)
    expect(asked(url, 'Bearer a')).toBeUndefined()
  })

  it('FP-8 the sign-in page and the error page release the painted rows', async () => {
    const release = vi.fn(() => null)
    const view = renderApp({
      route: '/login',
      deps: { ...createTestDeps(), firstPaint: { release } },
    })
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(release).toHaveBeenCalled()
    view.unmount()

    const routes = routesBrokenAt('/')
    // React reports the render error on the console before the error page takes over.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const onError = vi.fn(() => null)
    renderApp({
      route: '/',
      routes,
      deps: { ...createTestDeps(), firstPaint: { release: onError } },
    })
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument()
    expect(onError).toHaveBeenCalled()
    consoleError.mockRestore()
  })
})
