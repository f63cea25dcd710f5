/**
 * WS-8: age in whole years from a calendar date of birth. A birthday not yet reached this year
 * counts one less. Someone born on 29 February turns a year older on 1 March in common years:
 * their birthday has not been reached on 28 February.
 *
 * Both dates are calendar dates in the clinician's time zone: a date of birth has no time, and
 * "today" is the day on the clinician's clock.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

export function ageInYears(dateOfBirth: string, today: Date): number | null {
  const match = ISO_DATE.exec(dateOfBirth)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const todayMonth = today.getMonth() + 1
  const todayDay = today.getDate()
  const reached = todayMonth > month || (todayMonth === month && todayDay >= day)
  const age = today.getFullYear() - year - (reached ? 0 : 1)
  return age >= 0 ? age : null
}
