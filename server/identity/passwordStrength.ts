/**
 * SEC-14, SEC-15: how hard a new password is to guess, by zxcvbn-ts's estimator (the maintained
 * TypeScript port of Dropbox's zxcvbn) with its common and English dictionaries. A password must
 * reach MIN_SCORE, counted with the user's own words (login id, name) and this product's words as
 * a dictionary of their own, so `readout1`, `radiology` and the login id itself are refused like
 * `aaaaaaaa` and `abcdefgh`. The 49,000 most common passwords keep their own, plainer refusal
 * (SEC-7).
 *
 * The dictionaries (~45 MB of heap) are loaded on the first estimate, once: a server that never
 * signs anyone up does not hold them. An estimate is synchronous work on the event loop (about
 * 10 to 60 ms; docs/security.md has the measurements), so the sign-up handler runs it inside a
 * password work slot (hashQueue.ts), never for a request that would be refused anyway.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

/**
 * zxcvbn's score 3: "safely unguessable", at least 10^8 guesses. Score 4 (10^10) would refuse
 * most passphrases of three common words that people remember; an online guesser meets the
 * sign-in limits (SEC-1) long before 10^8, and a stolen hash costs scrypt per guess.
 */
export const MIN_SCORE = 3

/** Words of this product and its users' trade: a password built on them is guessed first. */
export const PRODUCT_WORDS = [
  'readout',
  'radiology',
  'radiologist',
  'radiograph',
  'report',
  'reporting',
  'hospital',
  'clinic',
  'worklist',
  'imaging',
  'xray',
  'scanner',
  'dicom',
  'pacs',
]

/**
 * Only the first 64 characters are estimated: zxcvbn's time grows with the square of the length
 * (a 256-character run took 390 ms), and a password whose first 64 characters are strong is
 * strong. 64 weak characters followed by more are refused, which is the right advice anyway.
 */
const ESTIMATED_LENGTH = 64

export const COMMON_PASSWORD_MESSAGE =
  'is one of the most common passwords; choose one that is harder to guess'

/** zxcvbn's wording for the user's own words is about web pages; this one says what it found. */
const USER_INPUTS_WARNING = 'It contains your e-mail address, your name or a word of this service.'

interface Estimator {
  zxcvbn: ZxcvbnFactory
  common: ReadonlySet<string>
}

let loading: Promise<Estimator> | undefined

async function loadEstimator(): Promise<Estimator> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ])
  const translations = {
    ...en.translations,
    warnings: { ...en.translations.warnings, userInputs: USER_INPUTS_WARNING },
  }
  return {
    zxcvbn: new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations,
      maxLength: ESTIMATED_LENGTH,
      // Edit distance to every dictionary word made one estimate take 200 to 900 ms.
      useLevenshteinDistance: false,
      // Up to 4 look-alike substitutions (p4ssw0rd) are undone; the default 100 made a 26-character
      // password take 170 ms rather than 20, on the event loop.
      l33tMaxSubstitutions: 4,
    }),
    // The list is lower case; 'Password1' and 'P@ssw0rd' are on it once lowered.
    common: new Set(common.dictionary['passwords-common']),
  }
}

/** The estimator, loaded once on first use (concurrent first callers share the load). */
export function passwordEstimator(): Promise<Estimator> {
  loading ??= loadEstimator().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

export interface PasswordOwner {
  loginId: string
  name?: string | null | undefined
}

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)

/**
 * The owner's words: the login id whole, its local part, each part's words, and the words run
 * together (`jane`, `doe`, `janedoe`, `drjanedoe`, `hospital`), the name's likewise.
 */
export function ownWords(owner: PasswordOwner): string[] {
  const [local = ''] = owner.loginId.split('@')
  const texts = [owner.loginId, local, owner.name ?? '']
  const words = texts.flatMap((text) => [text, ...wordsOf(text), wordsOf(text).join('')])
  return [...new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length >= 2))]
}

const sentence = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/**
 * Why `password` is too weak for `owner`, as the end of "password ..." (the sign-up form shows
 * it under the field), or null when it is strong enough.
 */
export async function passwordWeakness(
  password: string,
  owner: PasswordOwner,
): Promise<string | null> {
  const { zxcvbn, common } = await passwordEstimator()
  const normalized = password.normalize('NFKC')
  if (common.has(normalized.trim().toLowerCase())) return COMMON_PASSWORD_MESSAGE
  const result = zxcvbn.check(normalized, [...ownWords(owner), ...PRODUCT_WORDS])
  if (result.score >= MIN_SCORE) return null
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (text): text is string => Boolean(text),
  )
  if (advice.length === 0) advice.push('Add another word or two that are not about you.')
  return `is too easy to guess: ${sentence(advice.join(' '))}`
}
