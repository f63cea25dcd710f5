/**
 * WL-1 and WL-3: the worklist of a backend that pages loads page by page as the clinician
 * scrolls, and Active Studies is its own query; a backend that ignores the page parameters (the
 * product spec's, answering the whole list) is shown whole from one request, as before.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { Sidebar } from '../../../../../src/features/orders'
import { routePattern } from '../../../../support/msw/apiBackend'
import { apiBackend, server } from '../../../../support/msw/server'
import { renderWithProviders } from '../../../../support/render'
import { accessionsIn } from './worklistHelpers'
import {
  listRequests,
  scrollToEnd,
  scrollUntil,
  seedPagedWorklist,
  setSizeOf,
  worklist,
} from './worklistHelpers.pages'

const activeStudies = () => screen.findByRole('listbox', { name: 'Active Studies' })

describe('WL-1 a backend that pages', () => {
  it('WL-1 WS-6 loads the first page, then the next one each time the list is scrolled to its end', async () => {
    const { orders } = seedPagedWorklist(250)
    const { user } = renderWithProviders(<Sidebar open />)

    const list = await worklist()
    expect(setSizeOf(list)).toBe('100')
    expect(accessionsIn(list).slice(0, 3)).toEqual(['ACC-2', 'ACC-5', 'ACC-8'])
    const [first] = listRequests('worklist')
    expect(first?.query?.get('limit')).toBe('100')
    expect(first?.query?.has('cursor')).toBe(false)

    await scrollUntil(list, 200)
    const second = listRequests('worklist')[1]
    // The cursor the first page named: its last order, the 100th in worklist order.
    expect(second?.query?.get('cursor')).toBe('OX49')

    await scrollUntil(list, 250)
    scrollToEnd(list)
    await user.click(within(list).getAllByRole('option').at(-1)!)
    await user.keyboard('{End}')
    await waitFor(() => {
      expect(document.activeElement).toHaveAttribute('aria-posinset', '250')
    })
    // The last routine order, in the server's order; and no fourth page was asked for.
    expect(document.activeElement).toHaveTextContent(`ACC-${String(orders.length - 1)}`)
    expect(listRequests('worklist')).toHaveLength(3)
    expect(screen.getByText('No active studies')).toBeInTheDocument()
  })

  it('WL-1 WS-2 Active Studies is its own query: an active study far down the worklist is listed at once', async () => {
    const { orders } = seedPagedWorklist(250)
    const farDown = orders[249]!
    farDown.status = 'in_progress'
    renderWithProviders(<Sidebar open />)

    const active = await activeStudies()
    expect(accessionsIn(active)).toEqual(['ACC-249'])
    expect(setSizeOf(await worklist())).toBe('100')
    expect(within(await worklist()).queryByText('ACC-249')).not.toBeInTheDocument()
    expect(listRequests('active').map((request) => request.query?.get('status'))).toEqual([
      'in_progress',
    ])
  })

  it('WL-1 a next page that fails says so and loads on Retry; the rows loaded stay', async () => {
    seedPagedWorklist(150)
    let refuse = true
    server.use(
      http.get(routePattern('listOrders'), ({ request }) => {
        const failing = refuse && new URL(request.url).searchParams.has('cursor')
        return failing
          ? HttpResponse.json({ error: 'forbidden', message: 'no' }, { status: 403 })
          : undefined
      }),
    )
    const { user } = renderWithProviders(<Sidebar open />)
    const list = await worklist()

    scrollToEnd(list)

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'More of the worklist could not be loaded. API Error: Forbidden',
    )
    expect(setSizeOf(list)).toBe('100')
    refuse = false
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => {
      expect(setSizeOf(list)).toBe('150')
    })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('WL-3 a backend that answers the whole list whatever is asked', () => {
  it('WL-3 WS-6 one request, every order, sorted in the browser; Active Studies from the same list', async () => {
    const { orders } = seedPagedWorklist(250, { paging: false })
    orders[249]!.status = 'in_progress'
    renderWithProviders(<Sidebar open />)

    const list = await worklist()
    expect(setSizeOf(list)).toBe('250')
    expect(accessionsIn(list).slice(0, 3)).toEqual(['ACC-2', 'ACC-5', 'ACC-8'])
    expect(accessionsIn(await activeStudies())).toEqual(['ACC-249'])
    scrollToEnd(list)
    await waitFor(() => {
      expect(accessionsIn(list)).toContain('ACC-249')
    })
    // It was asked for a page and answered everything: nothing more is asked.
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
    expect(listRequests('active')).toHaveLength(0)
  })

  it('WL-3 a wrapped list ({"items": [...], "total": n}, no cursor) is the whole list too', async () => {
    const { orders } = seedPagedWorklist(120, { paging: false })
    server.use(
      http.get(routePattern('listOrders'), () =>
        HttpResponse.json({ items: orders, total: orders.length }),
      ),
    )
    renderWithProviders(<Sidebar open />)

    const list = await worklist()
    expect(setSizeOf(list)).toBe('120')
    scrollToEnd(list)
    expect(await screen.findByText('No active studies')).toBeInTheDocument()
    expect(screen.queryByText(/Loading more/)).not.toBeInTheDocument()
  })
})
