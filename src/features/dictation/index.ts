/** The dictation feature: its state machine, the microphone button and the dictation hint. */
export { CommandNote } from './CommandNote'
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
  commandRefused,
  pointMoved,
} from './dictationSlice'
export type {
  CleanupUndo,
  CommandProblem,
  DictationPoint,
  DictationProblem,
  DictationState,
  DictationStatus,
  DictationTarget,
  SpeechService,
  UnavailableReason,
} from './dictationTypes'
export { appendDictation, composeDraft, countWords, joinDictation } from './dictationText'
export {
  commandPhrases,
  interimText,
  parseVoicePhrase,
  typedWords,
  type CommandScope,
  type VoiceCommand,
  type VoiceStep,
} from './voiceCommands'
export {
  LISTENING_TEXT,
  PROBLEM_TEXT,
  UNAVAILABLE_TEXT,
  micButtonView,
  commandProblemText,
  selectCommandNote,
  selectDictationPoint,
  selectDictationWordCount,
  selectIsListening,
  selectIsRecording,
  type MicButtonView,
} from './selectors'
