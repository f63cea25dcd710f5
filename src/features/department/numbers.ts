/**
 * How the Department view writes its numbers (DEPT-21): minutes to one decimal at most, a dash
 * for a number there is none of, rates as whole percentages, and an hour in the department's own
 * time zone (the answer names it), not the browser's.
 */
const minutes = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })

/** '42', '12.5', or '—' when nothing was measured. */
export function formatMinutes(value: number | null): string {
  return value === null ? '—' : minutes.format(value)
}

export function formatRate(value: number | null): string {
  return value === null ? '—' : `${String(Math.round(value * 100))}%`
}

/** 'Mon 2 Nov 08:00' in `timeZone` ('' or unknown: UTC). */
export function formatHour(iso: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timeZone || 'UTC' }).format(
      new Date(iso),
    )
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(iso))
  }
}

/** '2 Nov' for a calendar date (YYYY-MM-DD), whatever the browser's zone. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`))
}

/** 'Nov 2026' for YYYY-MM. */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`))
}
