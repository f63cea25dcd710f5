/**
 * CH-1: a message's time as the spec writes it, '3:05 pm': hour without a leading zero,
 * lower-case am/pm, in the clinician's local time. Written by hand because
 * `Intl.DateTimeFormat` spells the day period per locale ('PM', 'p.m.', '下午').
 */
export function formatMessageTime(timestamp: string | Date): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp
  if (Number.isNaN(date.getTime())) return ''
  const hours = date.getHours()
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  const minutes = String(date.getMinutes()).padStart(2, '0')
  return `${String(hour12)}:${minutes} ${hours < 12 ? 'am' : 'pm'}`
}

/** The full local date and time, for the tooltip of a message's time. */
export function formatMessageDateTime(timestamp: string): string {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.toLocaleDateString(undefined, { dateStyle: 'medium' })}, ${formatMessageTime(date)}`
}
