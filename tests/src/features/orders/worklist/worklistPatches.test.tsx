/**
 * WL-4 and WL-5: a change to one study reaches every cached page and list that holds it (the
 * worklist's pages, Active Studies, the whole list), in place, and no list is read again for
 * it; a row a page cannot show is left out and logged once.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { Sidebar } from '../../../../../src/features/orders'
import type { AppStore } from '../../../../../src/app/store'
import { conversationApi } from '../../../../../src/services/api/conversationApi'
import { cachedOrderLists, ordersApi } from '../../../../../src/services/api/ordersApi'
import { reportApi } from '../../../../../src/services/api/reportApi'
import { releaseGate } from '../../../../support/heldAnswer'
import { routePattern } from '../../../../support/msw/apiBackend'
import { buildSections } from '../../../../support/msw/data'
import { pageOf } from '../../../../support/msw/orderPages'
import { apiBackend, server } from '../../../../support/msw/server'
import { createTestDeps, renderWithProviders } from '../../../../support/render'
import { ROW_HEIGHT } from '../../../../../src/features/orders/worklist/OrderRow'
import { accessionsIn } from './worklistHelpers'
import { scrollUntil, seedPagedWorklist, worklist } from './worklistHelpers.pages'

/** 250 orders; OX112 (urgent, the 120th in worklist order: page 2) is in progress. */
function seedWithActiveOnPage2() {
  const seeded = seedPagedWorklist(250)
  seeded.orders[112]!.status = 'in_progress'
  return seeded
}

const activeStudies = () => screen.findByRole('listbox', { name: 'Active Studies' })

/** The row of `accession` in `list`, scrolled into view (row `position`, from 0). */
async function rowAt(list: HTMLElement, position: number, accession: string) {
  list.scrollTop = position * ROW_HEIGHT
  fireEvent.scroll(list)
  return within(list).findByRole('option', { name: new RegExp(`${accession}\\b`) })
}

/** How each cached list holding the order holds it. */
function copiesOf(store: AppStore, orderId: string) {
  return cachedOrderLists(store.getState()).flatMap((list) =>
    list.orders.filter((order) => order.id === orderId),
  )
}

async function sign(store: AppStore, orderId: string) {
  const sections = buildSections({ findings: 'Clear.', impression: 'Normal.' })
  const saved = await store
    .dispatch(reportApi.endpoints.saveReport.initiate({ orderId, sections, baseVersion: null }))
    .unwrap()
  await store
    .dispatch(reportApi.endpoints.finalizeReport.initiate({ orderId, seenVersion: saved!.version }))
    .unwrap()
}

describe('WL-4 one study changes, every page holding it shows it', () => {
  it('WL-4 SG-2 EV-11 a signed report is Final on its worklist page and leaves Active Studies, with no list read again', async () => {
    seedWithActiveOnPage2()
    const { store } = renderWithProviders(<Sidebar open />)
    const list = await worklist()
    await scrollUntil(list, 200)
    expect(accessionsIn(await activeStudies())).toEqual(['ACC-112'])
    const listReads = apiBackend.requestsTo('listOrders').length

    await sign(store, 'OX112')

    expect(await rowAt(list, 119, 'ACC-112')).toHaveTextContent('Final')
    expect(await screen.findByText('No active studies')).toBeInTheDocument()
    // Both copies (its worklist page and Active Studies' page) took the signed report.
    expect(copiesOf(store, 'OX112')).toHaveLength(2)
    expect(copiesOf(store, 'OX112').every((order) => order.report?.is_final)).toBe(true)
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(listReads)
  })

  it('WL-4 a read of one study replaces it on every page; one no longer in progress leaves Active Studies', async () => {
    const { orders } = seedWithActiveOnPage2()
    const { store } = renderWithProviders(<Sidebar open />)
    const list = await worklist()
    await scrollUntil(list, 200)
    expect(accessionsIn(await activeStudies())).toEqual(['ACC-112'])
    const listReads = apiBackend.requestsTo('listOrders').length
    orders[112]!.status = 'scheduled'

    await store.dispatch(ordersApi.endpoints.getOrder.initiate('OX112', { subscribe: false }))

    expect(await screen.findByText('No active studies')).toBeInTheDocument()
    expect(await rowAt(list, 119, 'ACC-112')).not.toHaveTextContent('In progress')
    expect(copiesOf(store, 'OX112').map((order) => order.status)).toEqual([
      'scheduled',
      'scheduled',
    ])
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(listReads)
  })

  it('WL-4 CH-11 a first message on a study of page 2 puts it under Active Studies at once', async () => {
    seedWithActiveOnPage2()
    const { store } = renderWithProviders(<Sidebar open />)
    const list = await worklist()
    await scrollUntil(list, 200)
    const listReads = apiBackend.requestsTo('listOrders').length

    await store
      .dispatch(conversationApi.endpoints.sendMessage.initiate({ orderId: 'OX199', content: 'Hi' }))
      .unwrap()

    await waitFor(async () => {
      expect(accessionsIn(await activeStudies())).toEqual(['ACC-112', 'ACC-199'])
    })
    expect(await rowAt(list, 149, 'ACC-199')).toHaveTextContent('In progress')
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(listReads)
  })

  it('WL-4 a change made while the next page is on its way is not undone when that page lands', async () => {
    seedPagedWorklist(250)
    const { released, release } = releaseGate()
    server.use(
      http.get(routePattern('listOrders'), async ({ request }) => {
        if (!new URL(request.url).searchParams.has('cursor')) return undefined
        await released
        return undefined
      }),
    )
    const { store } = renderWithProviders(<Sidebar open />)
    const list = await worklist()
    const loadingMore = scrollUntil(list, 200)
    expect(await screen.findByText('Loading more worklist…')).toBeInTheDocument()

    await sign(store, 'OX2')
    release()
    await loadingMore

    expect(copiesOf(store, 'OX2').every((order) => order.report?.is_final)).toBe(true)
    expect(await rowAt(list, 0, 'ACC-2')).toHaveTextContent('Final')
  })
})

describe('WL-5 a row a page cannot show', () => {
  it('WL-5 API-6 is left out, the other rows show, and one warning names the fields, never a value', async () => {
    seedPagedWorklist(30)
    server.use(
      http.get(routePattern('listOrders'), ({ request }) => {
        const page = pageOf(apiBackend.orders, new URL(request.url).searchParams)
        const [first, second, ...rest] = page.items
        const broken = [
          { ...first, priority: 'asap' },
          { ...second, id: undefined },
        ]
        return HttpResponse.json({ ...page, items: [...broken, ...rest] })
      }),
    )
    const deps = createTestDeps({ sessionToken: 't' })
    renderWithProviders(<Sidebar open />, { deps })

    const list = await worklist()
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '28')
    expect(within(list).queryByText('ACC-2')).not.toBeInTheDocument()
    const skipped = deps.logger.entries.filter((entry) => entry.event === 'api/entriesSkipped')
    expect(skipped.map((entry) => entry.detail)).toContainEqual({
      route: 'listOrders',
      count: 2,
      fields: ['id', 'priority'],
    })
    expect(JSON.stringify(skipped)).not.toMatch(/asap|ACC-/)
  })
})
