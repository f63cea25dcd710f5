/**
 * Text that deceives (SEC-31..SEC-38): characters that change how text reads without being seen.
 * Bidirectional embeddings, overrides and isolates reorder what follows them (the Trojan Source
 * set, CVE-2021-42574): "Dr A. Smith" can display as another name, a signature line can read
 * differently from what it holds. Zero-width and other invisible format characters make two
 * names that look the same differ, and split a word so a search or a pre-sign check no longer
 * finds it. C1 control characters (U+0080..U+009F) are what a Latin-1 / Windows-1252 mix-up
 * leaves, never typed text.
 *
 * Two rules, by field (docs/security.md):
 * - a name or a short label (a user's name, and so a signer's; a patient's name; a
 *   communication's recipient and role; a macro's name): no C1 control and no format character
 *   at all (Unicode's `Cf`: the bidirectional controls and marks, zero-width characters, the
 *   soft hyphen, tags), except ZWNJ and ZWJ where a script needs them (see `joinerNeeded`);
 * - free text a clinician writes around a report (a macro's text, a signature's override
 *   reason): no C1 control, no bidirectional embedding, override or isolate, no invisible
 *   zero-width character, and ZWNJ/ZWJ only where a script needs them; the left-to-right,
 *   right-to-left and Arabic letter marks stay, as mixed Hebrew or Arabic and English sentences
 *   need them and they cannot reorder a run of text.
 *
 * Plain functions with no import, so the SPA's forms use them without loading zod.
 */

/** C1 control characters. */
const C1 = /[\u0080-\u009F]/u
/** Embeddings, overrides (U+202A..U+202E) and isolates (U+2066..U+2069): the Trojan Source set. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u
/** Invisible characters with no part in typed text: zero-width space, word joiner, BOM. */
const ZERO_WIDTH = /[\u200B\u2060\uFEFF]/u
/** Every format character (Unicode general category Cf). */
const FORMAT = /\p{Cf}/u
const ZWNJ = '\u200C'
const ZWJ = '\u200D'

/**
 * Scripts whose letters join or conjoin, where ZWNJ and ZWJ choose a letter's form (Persian
 * "می‌خواهم", Hindi "क्‍ष"): Arabic and its relatives, and the Brahmic scripts of South and
 * Southeast Asia.
 */
const JOINING_SCRIPT =
  /[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Adlam}\p{scx=Hanifi_Rohingya}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Myanmar}\p{scx=Khmer}\p{scx=Tibetan}]/u
const LETTER_OR_MARK = /[\p{L}\p{M}]/u
/** What may stand before a ZWJ in an emoji sequence (👩‍⚕️): the emoji, a skin tone, VS16. */
const EMOJI_BEFORE = /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F/u
const EMOJI = /\p{Extended_Pictographic}/u

const inJoiningScript = (char: string | undefined) =>
  char !== undefined && LETTER_OR_MARK.test(char) && JOINING_SCRIPT.test(char)

/**
 * Whether the ZWNJ or ZWJ at `index` of `chars` stands where a script needs it: between two
 * letters or marks of a joining script, or (ZWJ only) inside an emoji sequence. Elsewhere (in
 * "Smith", at an edge, two in a row) it only hides.
 */
function joinerNeeded(chars: readonly string[], index: number): boolean {
  const before = chars[index - 1]
  const after = chars[index + 1]
  if (inJoiningScript(before) && inJoiningScript(after)) return true
  return (
    chars[index] === ZWJ &&
    before !== undefined &&
    after !== undefined &&
    EMOJI_BEFORE.test(before) &&
    EMOJI.test(after)
  )
}

/** `U+202E`: how a message names a character nobody can see. */
function codePointOf(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}

/** Whether `text` is printable ASCII and line breaks only: nothing to look at (most text). */
const plain = (text: string) => !/[^\u0020-\u007E\t\r\n]/.test(text)

/** The index in `chars` of the first character the rule refuses, or -1. */
function firstRefused(chars: readonly string[], refused: (char: string) => boolean): number {
  return chars.findIndex((char, index) =>
    char === ZWNJ || char === ZWJ ? !joinerNeeded(chars, index) : refused(char),
  )
}

const refusedInName = (char: string) => C1.test(char) || FORMAT.test(char)

function found(text: string, refused: (char: string) => boolean): string | null {
  if (plain(text)) return null
  const chars = Array.from(text)
  const index = firstRefused(chars, refused)
  return index < 0 ? null : codePointOf(chars[index] ?? '')
}

/** The first character a name may not hold, as `U+XXXX`, or null when it holds none. */
export function deceptiveInName(text: string): string | null {
  return found(text, refusedInName)
}

/**
 * `name` without the characters a name may not hold (SEC-36): for names the server did not take
 * itself (an identity provider's claim, an account made before the rule), so that what the
 * record shows, a signature line above all, reads as what it holds.
 */
export function honestName(name: string): string {
  if (plain(name)) return name
  let chars = Array.from(name)
  for (let index = firstRefused(chars, refusedInName); index >= 0;) {
    chars = [...chars.slice(0, index), ...chars.slice(index + 1)]
    index = firstRefused(chars, refusedInName)
  }
  return chars.join('')
}

/** The first character free text around a report may not hold, as `U+XXXX`, or null. */
export function deceptiveInText(text: string): string | null {
  return found(text, (char) => C1.test(char) || BIDI_CONTROLS.test(char) || ZERO_WIDTH.test(char))
}

/** The message of a refusal, naming the character found. */
export function deceptiveTextMessage(codePoint: string): string {
  return `must not contain invisible characters, direction overrides or C1 control characters (found ${codePoint})`
}
