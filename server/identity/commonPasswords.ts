/**
 * The most common passwords, from a maintained list rather than one typed here: the ~49,000
 * entries of zxcvbn-ts's common dictionary (frequency lists of leaked passwords), shipped in its
 * npm package and read offline. A password is common when its lower-case form is on the list
 * (the list is lower case), so 'Password1' and 'P@ssw0rd' count as well.
 */
import { dictionary } from '@zxcvbn-ts/language-common'

let common: ReadonlySet<string> | undefined

export function isCommonPassword(password: string): boolean {
  // Built on first use: a server that never signs anyone up does not hold the list.
  common ??= new Set(dictionary['passwords-common'])
  return common.has(password.normalize('NFKC').trim().toLowerCase())
}
