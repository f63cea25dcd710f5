/**
 * SG-3: where the Finalize dialog puts the focus, so a report is signed from the keyboard.
 * - While the check runs, on its status: it is read out, and Enter signs nothing yet.
 * - When nothing blocks, on 'Finalize': Ctrl+Shift+F, then Enter, signs.
 * - When something blocks, where the clinician must act: 'Override' (QA-17), else the critical
 *   result form's first field (CR-14), else 'Cancel' (fields to fill are in the report, TPL-6).
 * The focus moves only from where the dialog put it, from no control at all (the dialog itself, or
 * a control that is gone: the form of a communication just recorded), never from a field or
 * button the clinician is on.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'

/** What the clinician may be on: the focus is theirs there. */
const CONTROLS = 'input, textarea, select, button, a[href], [contenteditable="true"]'

export type FinalizeFocus = 'checking' | 'confirm' | 'override' | 'recipient' | 'cancel'

export function useFinalizeFocus(open: boolean, target: FinalizeFocus) {
  const checking = useRef<HTMLParagraphElement>(null)
  const confirm = useRef<HTMLButtonElement>(null)
  const override = useRef<HTMLInputElement>(null)
  const recipient = useRef<HTMLInputElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const refs = useMemo(
    () => ({ checking, confirm, override, recipient, cancel }),
    [checking, confirm, override, recipient, cancel],
  )
  /** The element the dialog last put the focus on. */
  const placed = useRef<HTMLElement | null>(null)
  const latest = useRef(target)
  useLayoutEffect(() => {
    latest.current = target
  }, [target])

  /** The dialog's first focus (its library asks once open): where the focus belongs now. */
  const initialFocusEl = useCallback(() => {
    placed.current = refs[latest.current].current
    return placed.current
  }, [refs])

  useEffect(() => {
    if (!open) {
      placed.current = null
      return
    }
    const element = refs[target].current
    const active = document.activeElement
    if (!element || element === active) return
    // Focus still outside is where it was when the dialog opened: the dialog takes it.
    const inside = element.closest('[role="alertdialog"]')?.contains(active) ?? false
    const free = active === null || active === placed.current || !active.isConnected || !inside
    if (!free && active.matches(CONTROLS)) return
    element.focus()
    placed.current = element
  }, [open, target, refs])

  return { refs, initialFocusEl }
}
