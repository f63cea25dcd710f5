/**
 * What the API's answers and the hospital's edges share about a study, below both: how an order
 * gets its viewer link (INT-34, filled in by the DICOMweb edge's template) and a signed study as a
 * reader of signed reports sees it (INT-30).
 */
import type { Order } from '../../contract'

/** Adds an order's `viewer_url` (VIEWER_URL_TEMPLATE, INT-34), or leaves the order as it is. */
export type OrderLinks = (order: Order) => Order

/** The order with its final report and addenda, and what only other systems need (the MRN). */
export interface SignedStudy {
  order: Order & { report: NonNullable<Order['report']> }
  mrn: string
}
