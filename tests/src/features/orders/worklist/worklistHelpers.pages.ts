/**
 * Helpers of the paged worklist tests: a backend that pages (or one that ignores the page
 * parameters), the GET /orders requests it received by list, and a scroll to the end of a
 * virtualized list the way a clinician's wheel does it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import { SECTION_MAX_HEIGHT_PX } from '../../../../../src/shared/constants'
import type { RecordedRequest } from '../../../../support/msw/apiBackend'
import { apiBackend } from '../../../../support/msw/server'
import { largeWorklist, makeScrollable, seedWorklist } from './worklistHelpers'

/**
 * `count` orders of 10 patients, priorities taking turns (routine, urgent, stat), accessions
 * ACC-<n>; `paging` makes the backend answer pages, as our server does.
 */
export function seedPagedWorklist(count: number, { paging = true } = {}) {
  const seeded = largeWorklist(count, 10)
  seedWorklist(seeded.patients, seeded.orders)
  apiBackend.paging = paging
  return seeded
}

/** GET /orders requests of one list: the worklist (no filter), `status` or `q`. */
export function listRequests(list: 'worklist' | 'active' | 'search'): RecordedRequest[] {
  return apiBackend.requestsTo('listOrders').filter((request) => {
    const query = request.query ?? new URLSearchParams()
    if (list === 'active') return query.has('status')
    if (list === 'search') return query.has('q')
    return !query.has('status') && !query.has('q')
  })
}

export const worklist = () => screen.findByRole('listbox', { name: 'Worklist' })

/** How many rows the list holds (loaded), as it tells screen readers. */
export function setSizeOf(list: HTMLElement): string | null {
  return within(list).getAllByRole('option')[0]?.getAttribute('aria-setsize') ?? null
}

/** Scrolls `list` to its end (jsdom lays nothing out: the list gets a viewport first). */
export function scrollToEnd(list: HTMLElement): void {
  makeScrollable(list, SECTION_MAX_HEIGHT_PX)
  list.scrollTop = list.scrollHeight - SECTION_MAX_HEIGHT_PX
  fireEvent.scroll(list)
}

/** Scrolls to the end and waits until the list holds `rows` rows. */
export async function scrollUntil(list: HTMLElement, rows: number): Promise<void> {
  scrollToEnd(list)
  await waitFor(() => {
    expect(setSizeOf(list)).toBe(String(rows))
  })
}
