/**
 * The sidebar as a clinician meets it: the sections, their rows, their order, their empty,
 * loading and error states, the keyboard, and the worklist at hospital size.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { SECTION_MAX_HEIGHT_PX } from '../../../../../src/shared/constants'
import { appSystem } from '../../../../../src/app/theme'
import { Sidebar } from '../../../../../src/features/orders'
import { conversationApi } from '../../../../../src/services/api/conversationApi'
import { routePattern } from '../../../../support/msw/apiBackend'
import { buildOrder, buildPatient, buildReport, FIXED_TIME } from '../../../../support/msw/data'
import { apiBackend, server } from '../../../../support/msw/server'
import { renderWithProviders } from '../../../../support/render'
import { accessionsIn, largeWorklist, makeScrollable, seedWorklist } from './worklistHelpers'

const worklist = () => screen.findByRole('listbox', { name: 'Worklist' })

describe('the sidebar', () => {
  it('WS-2 shows the product title, the two sections and Clear All Studies', async () => {
    renderWithProviders(<Sidebar open />)

    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' })
    expect(within(sidebar).getByRole('heading', { level: 2 })).toHaveTextContent(/^Readout v/)
    expect(within(sidebar).getByRole('button', { name: 'Worklist' })).toBeInTheDocument()
    expect(within(sidebar).getByRole('button', { name: 'Active Studies' })).toBeInTheDocument()
    expect(within(sidebar).getByRole('button', { name: 'Clear All Studies' })).toBeInTheDocument()
    expect(await worklist()).toBeInTheDocument()
  })

  it('WS-3 both sections start open and each opens and closes on its own', async () => {
    const { user } = renderWithProviders(<Sidebar open />)
    const worklistHeader = screen.getByRole('button', { name: 'Worklist' })
    const activeHeader = screen.getByRole('button', { name: 'Active Studies' })
    expect(worklistHeader).toHaveAttribute('aria-expanded', 'true')
    expect(activeHeader).toHaveAttribute('aria-expanded', 'true')
    expect(await worklist()).toBeInTheDocument()
    expect(screen.getByText('No active studies')).toBeInTheDocument()

    await user.click(worklistHeader)

    expect(worklistHeader).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox', { name: 'Worklist' })).not.toBeInTheDocument()
    expect(activeHeader).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('No active studies')).toBeInTheDocument()

    await user.click(activeHeader)
    expect(activeHeader).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText('No active studies')).not.toBeInTheDocument()

    await user.click(worklistHeader)
    expect(worklistHeader).toHaveAttribute('aria-expanded', 'true')
    expect(await worklist()).toBeInTheDocument()
  })

  it('WS-3 an open section is capped at 1000px and scrolls inside', async () => {
    renderWithProviders(<Sidebar open />)
    const style = getComputedStyle(await worklist())
    expect(style.maxHeight).toBe(`${String(SECTION_MAX_HEIGHT_PX)}px`)
    expect(style.overflowY).toBe('auto')
  })

  it('WS-4 says so when there are no orders and no active studies', async () => {
    seedWorklist([buildPatient({ id: 'P1' })], [])
    renderWithProviders(<Sidebar open />)

    expect(await screen.findByText('No orders found')).toBeInTheDocument()
    expect(screen.getByText('No active studies')).toBeInTheDocument()
    // No list of rows at all (the filters' selects have options of their own).
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('WS-5 an entry shows the patient, the order, the accession number and the priority', async () => {
    const patient = buildPatient({ id: 'P9', first_name: 'Grace', last_name: 'Hopper' })
    seedWorklist(
      [patient],
      [
        buildOrder({
          patient,
          priority: 'urgent',
          modality: 'US',
          body_part: 'Abdomen',
          study_description: 'Ultrasound abdomen complete',
          accession_number: 'ACC-7',
        }),
      ],
    )
    renderWithProviders(<Sidebar open />)

    const entry = within(await worklist()).getByRole('option')
    expect(entry).toHaveTextContent('Hopper, Grace')
    expect(entry).toHaveTextContent('US · Abdomen · Ultrasound abdomen complete')
    expect(entry).toHaveTextContent('ACC-7')
    expect(within(entry).getByText('URGENT')).toBeInTheDocument()
  })

  it('SG-2 a signed study is marked Final, not In progress', async () => {
    const patient = buildPatient({ id: 'P9' })
    seedWorklist(
      [patient],
      [
        buildOrder({
          id: 'OS',
          patient,
          status: 'in_progress',
          accession_number: 'ACC-8',
          report: buildReport({ is_final: true, finalized_at: FIXED_TIME }),
        }),
        buildOrder({ id: 'OW', patient, status: 'in_progress', accession_number: 'ACC-9' }),
      ],
    )
    renderWithProviders(<Sidebar open />)

    const list = await worklist()
    const signed = within(list).getByText('ACC-8').closest('[role="option"]')!
    const open = within(list).getByText('ACC-9').closest('[role="option"]')!
    expect(signed).toHaveTextContent('Final')
    expect(signed).not.toHaveTextContent('In progress')
    expect(open).toHaveTextContent('In progress')
  })

  it('WS-5 badges: stat red, urgent yellow, routine green, each with its word', async () => {
    const patient = buildPatient({ id: 'P1' })
    seedWorklist(
      [patient],
      (['stat', 'urgent', 'routine'] as const).map((priority, index) =>
        buildOrder({ patient, priority, accession_number: `ACC-${String(index)}` }),
      ),
    )
    renderWithProviders(<Sidebar open />)
    const list = await worklist()

    const expected = { STAT: 'red', URGENT: 'yellow', ROUTINE: 'green' } as const
    for (const [word, hue] of Object.entries(expected)) {
      const badge = within(list).getByText(word)
      const token = `priority.${word.toLowerCase()}`
      expect(getComputedStyle(badge).color).toBe(appSystem().token(`colors.${token}`))
      // The token is the theme's red, yellow or green.
      expect(
        JSON.stringify(appSystem().tokens.getByName(`colors.${token}`)?.extensions.conditions),
      ).toContain(`{colors.${hue}.`)
    }
  })

  it('WS-6 sorts stat, then urgent, then routine, keeping the server order within a priority', async () => {
    const patient = buildPatient({ id: 'P1' })
    const order = (accession: string, priority: 'stat' | 'urgent' | 'routine') =>
      buildOrder({ patient, priority, accession_number: accession })
    seedWorklist(
      [patient],
      [
        order('ACC-R1', 'routine'),
        order('ACC-S1', 'stat'),
        order('ACC-U1', 'urgent'),
        order('ACC-R2', 'routine'),
        order('ACC-S2', 'stat'),
        order('ACC-U2', 'urgent'),
        order('ACC-R3', 'routine'),
      ],
    )
    renderWithProviders(<Sidebar open />)

    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual([
        'ACC-S1',
        'ACC-S2',
        'ACC-U1',
        'ACC-U2',
        'ACC-R1',
        'ACC-R2',
        'ACC-R3',
      ])
    })
  })

  it('WS-7 leaves out orders whose patient is not in the patient list', async () => {
    const known = buildPatient({ id: 'P1', last_name: 'Known' })
    const stranger = buildPatient({ id: 'P404', last_name: 'Stranger' })
    seedWorklist(
      [known],
      [
        buildOrder({ patient: known, accession_number: 'ACC-KNOWN' }),
        buildOrder({ patient: stranger, accession_number: 'ACC-STRANGER', status: 'in_progress' }),
      ],
    )
    renderWithProviders(<Sidebar open />)

    await waitFor(async () => {
      expect(accessionsIn(await worklist())).toEqual(['ACC-KNOWN'])
    })
    expect(screen.queryByText(/Stranger/)).not.toBeInTheDocument()
    expect(screen.getByText('No active studies')).toBeInTheDocument()
  })

  it('WS-2 Active Studies lists the studies in progress, in worklist order', async () => {
    const patient = buildPatient({ id: 'P1' })
    seedWorklist(
      [patient],
      [
        buildOrder({ patient, accession_number: 'ACC-1', status: 'in_progress' }),
        buildOrder({ patient, accession_number: 'ACC-2', status: 'scheduled' }),
        buildOrder({ patient, accession_number: 'ACC-3', status: 'in_progress', priority: 'stat' }),
      ],
    )
    renderWithProviders(<Sidebar open />)

    const active = await screen.findByRole('listbox', { name: 'Active Studies' })
    expect(accessionsIn(active)).toEqual(['ACC-3', 'ACC-1'])
  })
})

describe('CH-11 as seen from the sidebar', () => {
  it('CH-11 after the first message is sent, the study appears under Active Studies', async () => {
    const { store } = renderWithProviders(<Sidebar open />)
    await worklist()
    expect(screen.getByText('No active studies')).toBeInTheDocument()

    await store
      .dispatch(conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Hello' }))
      .unwrap()

    const active = await screen.findByRole('listbox', { name: 'Active Studies' })
    expect(accessionsIn(active)).toEqual(['ACC-1001'])
    // The worklist itself was not fetched again to learn it.
    expect(apiBackend.requestsTo('listOrders')).toHaveLength(1)
  })

  it('CH-11 after a failed send, the study does not appear under Active Studies', async () => {
    server.use(
      http.post(routePattern('sendMessage'), () =>
        HttpResponse.json({ error: 'bad_request', message: 'no' }, { status: 400 }),
      ),
    )
    const { store } = renderWithProviders(<Sidebar open />)
    await worklist()

    const sent = await store.dispatch(
      conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Hello' }),
    )

    expect(sent.error).toBeDefined()
    expect(screen.getByText('No active studies')).toBeInTheDocument()
    expect(screen.queryByRole('listbox', { name: 'Active Studies' })).not.toBeInTheDocument()
  })
})

describe('loading and errors', () => {
  it('WS-4 shows skeleton rows while the lists load, then the rows', async () => {
    let release: () => void = () => undefined
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.get(routePattern('listOrders'), async () => {
        await answered
        return HttpResponse.json(apiBackend.orders)
      }),
    )
    renderWithProviders(<Sidebar open />)

    expect(screen.getByText('Loading worklist…')).toBeInTheDocument()
    expect(screen.getByText('Loading active studies…')).toBeInTheDocument()
    expect(screen.queryByText('No orders found')).not.toBeInTheDocument()

    release()
    expect(await worklist()).toBeInTheDocument()
    expect(screen.queryByText('Loading worklist…')).not.toBeInTheDocument()
  })

  it('WS-4 a list that fails to load says so and offers Retry, which loads it', async () => {
    server.use(
      http.get(routePattern('listPatients'), () =>
        HttpResponse.json({ error: 'forbidden', message: 'no' }, { status: 403 }),
      ),
    )
    const { user } = renderWithProviders(<Sidebar open />)

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The worklist could not be loaded.')
    expect(alert).toHaveTextContent('API Error: Forbidden')
    expect(screen.queryByText('No orders found')).not.toBeInTheDocument()

    server.resetHandlers()
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))

    expect(await worklist()).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(apiBackend.requestsTo('listPatients')).toHaveLength(1)
  })
})

describe('the keyboard', () => {
  function seedFive() {
    const patient = buildPatient({ id: 'P1' })
    seedWorklist(
      [patient],
      [1, 2, 3, 4, 5].map((n) =>
        buildOrder({ id: `K${String(n)}`, patient, accession_number: `ACC-${String(n)}` }),
      ),
    )
  }

  const option = (list: HTMLElement, accession: string) =>
    within(list).getByRole('option', { name: new RegExp(accession) })

  it('keyboard: Tab enters the list, arrows, Home and End move, Enter opens the entry', async () => {
    seedFive()
    const { user, store } = renderWithProviders(<Sidebar open />)
    const list = await worklist()
    screen.getByRole('button', { name: 'Worklist' }).focus()

    await user.tab()
    expect(option(list, 'ACC-1')).toHaveFocus()

    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(option(list, 'ACC-3')).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(option(list, 'ACC-2')).toHaveFocus()
    await user.keyboard('{End}')
    expect(option(list, 'ACC-5')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(option(list, 'ACC-5')).toHaveFocus()
    await user.keyboard('{Home}')
    expect(option(list, 'ACC-1')).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(option(list, 'ACC-2')).toHaveAttribute('aria-selected', 'false')

    await user.keyboard('{Enter}')

    expect(option(list, 'ACC-2')).toHaveAttribute('aria-selected', 'true')
    expect(option(list, 'ACC-1')).toHaveAttribute('aria-selected', 'false')
    expect(store.getState().orders.selectedOrderId).toBe('K2')
  })

  it('keyboard: only one row is a tab stop, and leaving and re-entering the list returns to it', async () => {
    seedFive()
    const { user } = renderWithProviders(<Sidebar open />)
    const list = await worklist()
    await user.click(option(list, 'ACC-4'))

    expect(option(list, 'ACC-4')).toHaveFocus()
    expect(
      within(list)
        .getAllByRole('option')
        .filter((row) => row.tabIndex === 0),
    ).toEqual([option(list, 'ACC-4')])
    await user.tab()
    expect(list).not.toContainElement(document.activeElement as HTMLElement)
    await user.tab({ shift: true })
    expect(option(list, 'ACC-4')).toHaveFocus()
  })

  it('a click opens the entry and marks it selected', async () => {
    seedFive()
    const { user } = renderWithProviders(<Sidebar open />)
    const list = await worklist()

    await user.click(option(list, 'ACC-3'))

    expect(option(list, 'ACC-3')).toHaveAttribute('aria-selected', 'true')
    expect(within(list).getAllByRole('option', { selected: true })).toHaveLength(1)
  })
})

describe('a hospital-sized worklist', () => {
  it('10,000 orders render only the rows in view; End reaches the last one', async () => {
    const { patients, orders } = largeWorklist(10_000)
    seedWorklist(patients, orders)
    const { user } = renderWithProviders(<Sidebar open />)

    const list = await worklist()
    const rendered = within(list).getAllByRole('option')
    expect(rendered.length).toBeGreaterThan(5)
    expect(rendered.length).toBeLessThan(60)
    expect(rendered[0]).toHaveAttribute('aria-setsize', '10000')
    expect(rendered[0]).toHaveAttribute('aria-posinset', '1')

    makeScrollable(list, SECTION_MAX_HEIGHT_PX)
    await user.click(rendered[0]!)
    await user.keyboard('{End}')

    // The last order in worklist order: the last routine one, rendered and focused.
    await waitFor(() => {
      expect(document.activeElement).toHaveAttribute('aria-posinset', '10000')
    })
    expect(document.activeElement).toHaveTextContent('ACC-9999')
    expect(within(list).getAllByRole('option').length).toBeLessThan(60)
  })
})
