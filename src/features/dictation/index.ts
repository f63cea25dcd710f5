/** The dictation feature: its state machine, the microphone button and the dictation hint. */
export { DictationHint } from './DictationHint'
export { MicButton, type MicButtonProps } from './MicButton'
export {
  cleanupFailed,
  cleanupStarted,
  cleanupSucceeded,
  cleanupUndoRequested,
  cleanupUndone,
  connectionLost,
  dictationSlice,
  hypothesisChanged,
  initializationFailed,
  initializationStarted,
  initializationSucceeded,
  phraseRecognized,
  recordingFailed,
  recordingFinished,
  recordingStarted,
  recordingStartInitiated,
  recordingStopInitiated,
  selectDictation,
  selectDictationStatus,
  startRequested,
  stopRequested,
  type CleanupUndo,
  type DictationProblem,
  type DictationState,
  type DictationStatus,
  type DictationTarget,
  type SpeechService,
  type UnavailableReason,
} from './dictationSlice'
export { composeDraft, countWords, joinDictation } from './dictationText'
export {
  LISTENING_TEXT,
  PROBLEM_TEXT,
  UNAVAILABLE_TEXT,
  micButtonView,
  selectDictationWordCount,
  selectIsListening,
  selectIsRecording,
  type MicButtonView,
} from './selectors'
