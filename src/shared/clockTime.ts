/**
 * A time as the product writes it, '3:05 pm' (CH-1): hour without a leading zero, lower-case
 * am/pm, in the clinician's local time; a message's, a save's, an addendum's or a revision's.
 * Written by hand because `Intl.DateTimeFormat` spells the day period per locale ('PM', 'p.m.',
 * '下午'). An unreadable time is ''.
 */
export function formatClockTime(timestamp: string | Date): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp
  if (Number.isNaN(date.getTime())) return ''
  const hours = date.getHours()
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  const minutes = String(date.getMinutes()).padStart(2, '0')
  return `${String(hour12)}:${minutes} ${hours < 12 ? 'am' : 'pm'}`
}

/** The full local date and time, for the tooltip of a message's time. */
export function formatDateAndClockTime(timestamp: string): string {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.toLocaleDateString(undefined, { dateStyle: 'medium' })}, ${formatClockTime(date)}`
}
