/**
 * The time of the last save, written the way the product writes times ('3:05 pm', local time).
 * By hand, because `Intl.DateTimeFormat` spells the day period per locale ('PM', 'p.m.').
 */
export function formatSaveTime(timestamp: string): string {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return ''
  const hours = date.getHours()
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  const minutes = String(date.getMinutes()).padStart(2, '0')
  return `${String(hour12)}:${minutes} ${hours < 12 ? 'am' : 'pm'}`
}
