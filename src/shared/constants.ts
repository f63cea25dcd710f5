/**
 * Every constant the product spec fixes (K-1), defined once. Features import them from here so
 * a change of the spec is a change of one line.
 */
import type { Priority } from '../../contract'

/** Dictated text of this many words or more is sent to the cleanup call on stop. */
export const CLEANUP_WORD_THRESHOLD = 50

/** Silence that ends a recognized phrase (Speech_SegmentationSilenceTimeoutMs). */
export const SEGMENTATION_SILENCE_MS = 600

/** The chat text area grows with its content up to this height, then scrolls. */
export const TEXTAREA_MAX_HEIGHT_PX = 200

/** Pause between a successful sign-in and the move to the workspace. */
export const LOGIN_REDIRECT_DELAY_MS = 100

/** SEC-8: how long 'Still there?' waits for 'Stay signed in' before the tab signs out. */
export const IDLE_WARNING_SECONDS = 60

/** Width of the fixed left sidebar (24rem = 96 spacing units of 0.25rem). */
export const SIDEBAR_WIDTH = '24rem'

/** Duration of the sidebar's slide in and out. */
export const SIDEBAR_TRANSITION_MS = 300

/** Height cap of an expanded sidebar section; the section scrolls inside beyond it. */
export const SECTION_MAX_HEIGHT_PX = 1000

/** Worklist order: lower rank first. */
export const PRIORITY_RANK: Readonly<Record<Priority, number>> = Object.freeze({
  stat: 0,
  urgent: 1,
  routine: 2,
})
