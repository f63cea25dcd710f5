/**
 * Dictation into the report (VC): its words land where the clinician's cursor was when it started
 * (the end of FINDINGS without one), and its voice commands move that point: to the next or
 * previous `[field]`, which the next words replace, to the end of a section, or back before the
 * last phrase ('scratch that'); 'insert NAME' writes a macro's text there.
 *
 * Each write is an edit of the report draft as typing makes it (`editStarted`, `textEdited`), so
 * autosave, the session-storage mirror, revisions and conflicts treat it the same; the point goes
 * to the dictation slice (`pointMoved`), where the report areas show it. Nothing waits for the end
 * of the recording: stopping, leaving the study or losing the connection keeps every word.
 *
 * The report areas are read-only while dictation writes them. When the draft changed anyway (a
 * reply of the assistant), dictation goes on from the text as it is now.
 */
import type { SagaIterator } from 'redux-saga'
import { getContext, put, select } from 'redux-saga/effects'
import type { Id } from '../../../contract'
import {
  commandPhrases,
  commandRefused,
  interimText,
  parseVoicePhrase,
  pointMoved,
  typedWords,
  type CommandProblem,
  type DictationPoint,
  type VoiceCommand,
} from '../../features/dictation'
import {
  clampPoint,
  dictationStart,
  editStarted,
  nextFieldFrom,
  previousFieldFrom,
  sectionEnd,
  selectReportDraft,
  serializeReport,
  serverReportOf,
  startingSections,
  textEdited,
  undoDictated,
  writeDictated,
  writeParagraph,
  type DictatedEdit,
  type ReportDraft,
  type ReportPoint,
  type ReportText,
  type ServerReport,
} from '../../features/report'
import type { Macro } from '../../services/api/model'
import { libraryApi } from '../../services/api/libraryApi'
import type { Logger } from '../../services/log'
import { callEndpoint } from '../effects/endpoint'
import { describeError } from './describeError'
import { studyOf, type PreparedStudy } from './studyPreparation'
import type { DictationWriter, WrittenPhrase } from './writer'

export interface ReportDictation {
  writer: DictationWriter
  /** Where the first words land. */
  start: DictationPoint
  /** The hints of the report's commands and of the clinician's macros ('insert NAME'). */
  phrases: string[]
}

/** The clinician's macros; without them dictation still works, 'insert NAME' finds none. */
function* macrosOf(orderId: Id): SagaIterator<Macro[]> {
  try {
    return yield* callEndpoint(libraryApi.endpoints.listMacros.initiate())
  } catch (error) {
    const logger = (yield getContext('logger')) as Logger
    logger.warn('dictation/macrosUnavailable', { orderId, error: describeError(error) })
    return []
  }
}

/**
 * The report's text as the editor shows it: the clinician's draft, else the server's report, or
 * a new report's starting text.
 */
function* reportTextOf(orderId: Id, server: ServerReport): SagaIterator<ReportText> {
  const draft = (yield select(selectReportDraft, orderId)) as ReportDraft | undefined
  if (draft && !draft.finalizedElsewhere) {
    return { report: draft.report, impression: draft.impression }
  }
  return serializeReport(server.start ?? server.version.sections)
}

const sameText = (a: ReportText, b: ReportText) =>
  a.report === b.report && a.impression === b.impression

/** What a recording into the report keeps while it runs. */
interface Course {
  /** The text with every final phrase written, without the phrase being spoken. */
  text: ReportText
  point: ReportPoint
  /** The writes 'scratch that' can take back, the latest last. */
  edits: DictatedEdit[]
  /** The next words open a section the clinician went to by voice. */
  capital: boolean
  /** What was last written to the draft, to notice a change made elsewhere. */
  written: ReportText
}

/**
 * One command on the course; answers the problem that kept it from being carried out, if any.
 * 'stop dictation' is the caller's.
 */
function command(
  course: Course,
  voice: VoiceCommand,
  macros: readonly Macro[],
): CommandProblem | null {
  const { text, point } = course
  switch (voice.type) {
    case 'nextField':
    case 'previousField': {
      const field =
        voice.type === 'nextField' ? nextFieldFrom(text, point) : previousFieldFrom(text, point)
      if (!field)
        return { kind: 'noField', direction: voice.type === 'nextField' ? 'next' : 'previous' }
      course.point = field
      return null
    }
    case 'goTo': {
      const end = sectionEnd(text, voice.section)
      if (!end) return { kind: 'noSection', section: voice.section }
      course.point = end
      course.capital = true
      return null
    }
    case 'newParagraph':
      apply(course, writeParagraph(text, point))
      return null
    case 'scratchThat': {
      const last = course.edits.pop()
      const undone = last ? undoDictated(text, last) : null
      if (undone) {
        course.text = undone.text
        course.point = undone.point
      }
      return null
    }
    case 'insert': {
      const wanted = voice.name.toLowerCase()
      const macro = macros.find((candidate) => candidate.name.toLowerCase() === wanted)
      if (!macro) return { kind: 'unknownMacro', name: voice.name }
      apply(course, writeDictated(text, point, macro.text, { verbatim: true }))
      return null
    }
    case 'stopDictation':
      return null
  }
}

function apply(course: Course, written: ReturnType<typeof writeDictated>): void {
  course.text = written.text
  course.point = written.point
  course.edits.push(written.edit)
}

/**
 * Sets up dictation into the study's report: the text and point it starts from (`at`, the
 * clinician's cursor, when given), the macros it may insert and the recognizer's hints.
 */
export function* prepareReportDictation(
  study: PreparedStudy,
  at: DictationPoint | undefined,
): SagaIterator<ReportDictation> {
  const { orderId } = study
  const order = yield* studyOf(orderId)
  // RP-7: a new report starts from the text the editor shows it with (ED-5), so the words
  // dictated into it add to its HISTORY and TECHNIQUE instead of writing over them.
  const server = serverReportOf(order.report, startingSections(order))
  const macros = yield* macrosOf(orderId)
  const names = macros.map((macro) => macro.name)
  const start = yield* reportTextOf(orderId, server)
  const course: Course = {
    text: start,
    point: at ? clampPoint(start, at) : dictationStart(start),
    edits: [],
    capital: false,
    written: start,
  }

  function* write(text: ReportText): SagaIterator {
    if (sameText(text, course.written)) return
    course.written = text
    yield put(editStarted({ orderId, server }))
    yield put(textEdited({ orderId, report: text.report, impression: text.impression }))
  }

  /** A change made elsewhere since the last write: dictation goes on from the text as it is. */
  function* follow(): SagaIterator {
    const now = yield* reportTextOf(orderId, server)
    if (sameText(now, course.written)) return
    course.text = now
    course.written = now
    course.edits = []
    course.point = clampPoint(now, course.point)
  }

  const writer: DictationWriter = {
    *heard(phrase: string): SagaIterator {
      yield* follow()
      const words = interimText(phrase, 'report', names)
      const shown =
        words === ''
          ? course.text
          : writeDictated(course.text, course.point, words, { capital: course.capital }).text
      yield* write(shown)
    },
    *recognized(phrase: string): SagaIterator<WrittenPhrase> {
      yield* follow()
      const steps = parseVoicePhrase(phrase, 'report', names)
      const problems: CommandProblem[] = []
      let stop = false
      for (const step of steps) {
        if (step.type === 'text') {
          apply(
            course,
            writeDictated(course.text, course.point, step.text, { capital: course.capital }),
          )
          course.capital = false
        } else if (step.command.type === 'stopDictation') {
          stop = true
          break
        } else {
          const problem = command(course, step.command, macros)
          if (problem) problems.push(problem)
        }
      }
      yield* write(course.text)
      yield put(pointMoved({ point: course.point }))
      for (const problem of problems) yield put(commandRefused({ problem }))
      return { typed: typedWords(steps), stop }
    },
  }
  return { writer, start: course.point, phrases: commandPhrases('report', names) }
}
