/**
 * Nothing the clinician writes in the report is lost (RP-2..6). Three flows, one file each:
 * - commands.ts: saves and finalizing, one at a time per study, each sent on condition that the
 *   server still holds the version the clinician's text is based on (beforeSave.ts: what a save
 *   waits for before it leaves);
 * - autosave.ts: a save once typing pauses;
 * - draftMirror.ts: unsaved drafts kept in the tab's session storage across a reload, for the
 *   user who typed them only;
 * - preSign.ts: the pre-sign check of the text about to be signed, as the Finalize question opens.
 */
import type { SagaIterator } from 'redux-saga'
import { fork } from 'redux-saga/effects'
import { watchAutosave } from './autosave'
import { watchReportCommands } from './commands'
import { watchDraftMirror } from './draftMirror'
import { watchPreSignChecks } from './preSign'

export { finalizeReport, saveDraft, watchReportCommands, type SaveOutcome } from './commands'
export { watchAutosave } from './autosave'
export { watchDraftMirror } from './draftMirror'

export function* watchReport(): SagaIterator {
  yield fork(watchReportCommands)
  yield fork(watchAutosave)
  yield fork(watchDraftMirror)
  yield fork(watchPreSignChecks)
}
