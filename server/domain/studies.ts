/**
 * What the API's answers and the hospital's edges share about a study, below both: how an order
 * gets its viewer link (INT-34, filled in by the DICOMweb edge's template) and a signed study as a
 * reader of signed reports sees it (INT-30).
 */
import type { Order } from '../../contract'

/** Adds an order's `viewer_url` (VIEWER_URL_TEMPLATE, INT-34), or leaves the order as it is. */
export type OrderLinks = (order: Order) => Order

/**
 * What a preliminary report says first wherever it goes out (HL7 RV-7, FHIR RV-10): a reader
 * must know before the rest that no attending has reviewed it yet.
 */
export const PRELIMINARY_NOTE = 'PRELIMINARY REPORT: not yet reviewed by an attending radiologist.'

/**
 * The order with its final report and addenda, and what only other systems need (the MRN). With
 * HL7_SEND_PRELIMINARY, a report whose preliminary read went out, its sections those sent (RV-10).
 */
export interface SignedStudy {
  order: Order & { report: NonNullable<Order['report']> }
  mrn: string
}
