/**
 * HK-1..HK-12: the workspace's one keyboard listener. It recognises the shortcuts of
 * src/shared/hotkeys.ts and does what their buttons do: the command the button on screen offers
 * (src/shared/hotkeyCommands.tsx), or, for dictation (F4), what the microphone does: stop the
 * recording under way, else start one into the box that has the focus (its closest
 * `data-dictation-target`: 'chat', 'addendum' or 'report'; the chat when none says). '?' opens
 * the 'Keyboard shortcuts' overlay.
 */
import { useEffect, useRef, useState } from 'react'
import {
  micButtonView,
  selectDictation,
  startRequested,
  stopRequested,
  type DictationPoint,
  type DictationState,
  type DictationTarget,
} from '../features/dictation'
import type { HotkeyCommands } from '../shared/hotkeyCommands'
import { hotkeyFor } from '../shared/hotkeys'
import { useAppDispatch, useAppSelector } from './hooks'
import { ShortcutsOverlay } from './ShortcutsOverlay'

/** The boxes dictation writes; a focused element names its own with `data-dictation-target`. */
const DICTATION_TARGETS: Readonly<Record<DictationTarget, true>> = {
  chat: true,
  addendum: true,
  report: true,
}

/** The box to dictate into, and in the report where: the focused area's selection (VC-1). */
function dictationTargetOf(element: EventTarget | null): {
  target: DictationTarget
  at?: DictationPoint
} {
  const named =
    element instanceof Element
      ? element.closest('[data-dictation-target]')?.getAttribute('data-dictation-target')
      : null
  const target =
    named && Object.hasOwn(DICTATION_TARGETS, named) ? (named as DictationTarget) : 'chat'
  if (target !== 'report' || !(element instanceof HTMLTextAreaElement)) return { target }
  const area = element.dataset.reportArea === 'impression' ? 'impression' : 'report'
  return { target, at: { area, start: element.selectionStart, end: element.selectionEnd } }
}

/** What the microphone of that box would do now: stop, start, or nothing (disabled). */
function dictationAction(
  dictation: DictationState,
  orderId: string,
  into: ReturnType<typeof dictationTargetOf>,
) {
  const recording =
    dictation.orderId === orderId &&
    (dictation.status === 'starting' || dictation.status === 'recording')
  if (recording) return stopRequested({ orderId })
  if (micButtonView(dictation, orderId, into.target).disabled) return null
  return startRequested({ orderId, ...into })
}

/** Inside a modal dialog the dialog owns the keyboard. */
function inModalDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[aria-modal="true"]') !== null
}

export function HotkeyListener({
  commands,
  orderId,
}: {
  commands: HotkeyCommands
  /** The open study, if any. */
  orderId: string | null
}) {
  const dispatch = useAppDispatch()
  const dictation = useAppSelector(selectDictation)
  const [overlayOpen, setOverlayOpen] = useState(false)
  const latest = useRef({ dictation, orderId })
  useEffect(() => {
    latest.current = { dictation, orderId }
  })

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || inModalDialog(event.target)) return
      const hotkey = hotkeyFor(event)
      if (!hotkey) return
      if (event.repeat) {
        // A key held down does its work once; its repeats are not the browser's either.
        event.preventDefault()
        return
      }
      const open = latest.current.orderId
      switch (hotkey.id) {
        case 'shortcuts':
          event.preventDefault()
          setOverlayOpen(true)
          return
        case 'dictation': {
          if (open === null) return
          event.preventDefault()
          const action = dictationAction(
            latest.current.dictation,
            open,
            dictationTargetOf(event.target),
          )
          if (action) dispatch(action)
          return
        }
        default: {
          const command = commands.commandOf(hotkey.id)
          // Ctrl+S never opens the browser's 'Save page' over a study, even with nothing to save.
          if (command || (hotkey.id === 'save' && open !== null)) event.preventDefault()
          command?.()
        }
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => {
      window.removeEventListener('keydown', onKeyDown)
    }
  }, [commands, dispatch])

  return <ShortcutsOverlay open={overlayOpen} onOpenChange={setOverlayOpen} />
}
