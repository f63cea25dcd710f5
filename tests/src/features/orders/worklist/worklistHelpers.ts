/**
 * Helpers of the worklist tests: a worklist seeded into the in-memory backend, and a way to read
 * the rows the way a user scans them (accession numbers, top to bottom).
 */
import { within } from '@testing-library/react'
import type { Order, Patient, Priority } from '../../../../../contract'
import { buildOrder, buildPatient } from '../../../../support/msw/data'
import { apiBackend } from '../../../../support/msw/server'

export function seedWorklist(patients: Patient[], orders: Order[]): void {
  apiBackend.patients = patients
  apiBackend.orders = orders
  apiBackend.messages = new Map()
}

const PRIORITIES: readonly Priority[] = ['routine', 'urgent', 'stat']

/** `count` orders of `patientCount` patients, priorities taking turns, accessions ACC-<n>. */
export function largeWorklist(count: number, patientCount = 100) {
  const patients = Array.from({ length: patientCount }, (_, index) =>
    buildPatient({
      id: `PX${String(index)}`,
      first_name: `First${String(index)}`,
      last_name: `Last${String(index)}`,
    }),
  )
  const orders = Array.from({ length: count }, (_, index) =>
    buildOrder({
      id: `OX${String(index)}`,
      patient: patients[index % patientCount]!,
      priority: PRIORITIES[index % PRIORITIES.length]!,
      accession_number: `ACC-${String(index)}`,
    }),
  )
  return { patients, orders }
}

/** The accession numbers of the rendered rows, in the order they are placed. */
export function accessionsIn(listbox: HTMLElement): string[] {
  return within(listbox)
    .queryAllByRole('option')
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
    .map((option) => within(option).getByText(/^ACC-/).textContent)
}

/**
 * jsdom lays nothing out and its `scrollTo` is a no-op (setupDom); this gives one scroll
 * container a viewport of `viewportHeight`, a content height (its first child's), and a scroll
 * position that moves and fires `scroll`, as a browser's does.
 */
export function makeScrollable(element: HTMLElement, viewportHeight: number): void {
  const content = element.firstElementChild as HTMLElement
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => viewportHeight })
  Object.defineProperty(element, 'scrollHeight', {
    configurable: true,
    get: () => Math.max(viewportHeight, Number.parseFloat(content.style.height) || 0),
  })
  element.scrollTo = ((options: ScrollToOptions) => {
    element.scrollTop = options.top ?? element.scrollTop
    element.dispatchEvent(new Event('scroll'))
  }) as typeof element.scrollTo
}
