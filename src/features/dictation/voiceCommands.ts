/**
 * Voice commands (VC-1..VC-5): what a final phrase of the recognizer says to do rather than to
 * type, as plain functions. A phrase becomes steps, in the order spoken: text to type, then a
 * command, then text again ("small effusion next field" types the words, then moves to the next
 * field).
 *
 * Commands are matched word by word, in any letter case, ignoring the punctuation the recognizer
 * adds ("Next field."). The report knows every command; the chat input and the addendum box only
 * those that make sense in free text (scratch that, new paragraph, stop dictation): there, "go to
 * findings" is something the clinician may well want to say to the assistant.
 *
 * "insert NAME" names one of the clinician's macros. It is a command when NAME is one of them
 * (the longest name wins), and also when it opens a sentence: an unknown name is then reported,
 * never typed. Elsewhere "insert" is a word like any other.
 */
import { REPORT_SECTION_KEYS, type ReportSectionKey } from '../../../contract'

export type VoiceCommand =
  | { type: 'nextField' }
  | { type: 'previousField' }
  | { type: 'scratchThat' }
  | { type: 'newParagraph' }
  | { type: 'goTo'; section: ReportSectionKey }
  /** `name` is the macro's own name when it is known, else the words heard. */
  | { type: 'insert'; name: string; known: boolean }
  | { type: 'stopDictation' }

export type VoiceStep = { type: 'text'; text: string } | { type: 'command'; command: VoiceCommand }

/** Which commands a target knows: all of them in the report, the free-text ones elsewhere. */
export type CommandScope = 'report' | 'text'

interface FixedCommand {
  words: readonly string[]
  command: VoiceCommand
  reportOnly: boolean
}

const FIXED_COMMANDS: readonly FixedCommand[] = [
  { words: ['next', 'field'], command: { type: 'nextField' }, reportOnly: true },
  { words: ['previous', 'field'], command: { type: 'previousField' }, reportOnly: true },
  { words: ['scratch', 'that'], command: { type: 'scratchThat' }, reportOnly: false },
  { words: ['new', 'paragraph'], command: { type: 'newParagraph' }, reportOnly: false },
  { words: ['stop', 'dictation'], command: { type: 'stopDictation' }, reportOnly: false },
  ...REPORT_SECTION_KEYS.map((section) => ({
    words: ['go', 'to', section],
    command: { type: 'goTo' as const, section },
    reportOnly: true,
  })),
]

const INSERT = 'insert'

/** A word as commands compare it: lower case, without the punctuation around it. */
function normalized(word: string): string {
  return word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
}

function nameWords(name: string): string[] {
  return name.trim().toLowerCase().split(/\s+/)
}

function matchesAt(words: readonly string[], at: number, expected: readonly string[]): boolean {
  return expected.every((word, i) => words[at + i] === word)
}

/** Ends a sentence: the recognizer's full stop, question or exclamation mark. */
function endsSentence(raw: string | undefined): boolean {
  return raw !== undefined && /[.!?]["')\]]*$/.test(raw)
}

interface Match {
  command: VoiceCommand
  length: number
}

function fixedAt(words: readonly string[], at: number, scope: CommandScope): Match | null {
  const found = FIXED_COMMANDS.find(
    (fixed) => (scope === 'report' || !fixed.reportOnly) && matchesAt(words, at, fixed.words),
  )
  return found ? { command: found.command, length: found.words.length } : null
}

function insertAt(
  raw: readonly string[],
  words: readonly string[],
  at: number,
  macros: readonly string[],
): Match | null {
  if (words[at] !== INSERT) return null
  const known = macros
    .filter((name) => matchesAt(words, at + 1, nameWords(name)))
    .sort((a, b) => nameWords(b).length - nameWords(a).length)[0]
  if (known !== undefined) {
    return {
      command: { type: 'insert', name: known, known: true },
      length: 1 + nameWords(known).length,
    }
  }
  // Only a sentence opened by "insert" is a command; its name runs to the sentence's end.
  if (at > 0 && !endsSentence(raw[at - 1])) return null
  let end = at + 1
  while (end < words.length && fixedAt(words, end, 'report') === null) {
    end += 1
    if (endsSentence(raw[end - 1])) break
  }
  const name = words
    .slice(at + 1, end)
    .filter(Boolean)
    .join(' ')
  if (name === '') return null
  return { command: { type: 'insert', name, known: false }, length: end - at }
}

/** Text typed before a command loses the comma the recognizer put before the command. */
function typed(raw: readonly string[], command: boolean): string {
  const text = raw.join(' ').trim()
  return command ? text.replace(/[,;:]+$/, '') : text
}

/**
 * The steps of a final phrase, in the order spoken. `macros` are the clinician's macro names
 * ("insert NAME"); the text scope (chat, addendum) never inserts them.
 */
export function parseVoicePhrase(
  phrase: string,
  scope: CommandScope,
  macros: readonly string[] = [],
): VoiceStep[] {
  const raw = phrase.split(/\s+/).filter((word) => word !== '')
  const words = raw.map(normalized)
  const steps: VoiceStep[] = []
  let textStart = 0
  let at = 0
  while (at < words.length) {
    const match =
      fixedAt(words, at, scope) ?? (scope === 'report' ? insertAt(raw, words, at, macros) : null)
    if (!match) {
      at += 1
      continue
    }
    const before = typed(raw.slice(textStart, at), true)
    if (before !== '') steps.push({ type: 'text', text: before })
    steps.push({ type: 'command', command: match.command })
    at += match.length
    textStart = at
  }
  const rest = typed(raw.slice(textStart), false)
  if (rest !== '') steps.push({ type: 'text', text: rest })
  return steps
}

/**
 * What an interim result shows: the words before its first command. The command itself is
 * carried out when the phrase is final, so it never appears as text, not even for a moment.
 */
export function interimText(phrase: string, scope: CommandScope, macros: readonly string[] = []) {
  const steps = parseVoicePhrase(phrase, scope, macros)
  const first = steps[0]
  return first?.type === 'text' ? first.text : ''
}

/** The words a phrase types, for counting them (DC-2, DC-3). */
export function typedWords(steps: readonly VoiceStep[]): string {
  return steps
    .flatMap((step) => (step.type === 'text' ? [step.text] : []))
    .join(' ')
    .trim()
}

/**
 * The commands as hints for the recognizer (DC-6), so it hears "scratch that" rather than
 * "scratch hat": the scope's commands, and "insert NAME" for each macro in the report.
 */
export function commandPhrases(scope: CommandScope, macros: readonly string[] = []): string[] {
  const fixed = FIXED_COMMANDS.filter((command) => scope === 'report' || !command.reportOnly).map(
    (command) => command.words.join(' '),
  )
  return scope === 'report' ? [...fixed, ...macros.map((name) => `${INSERT} ${name}`)] : fixed
}
