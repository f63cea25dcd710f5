/**
 * HK-1..HK-6: the report form's buttons as shortcuts (src/shared/hotkeys.ts): Ctrl+S is 'Save'
 * and Ctrl+Shift+F 'Finalize', each doing exactly what its button's click does while the button is
 * enabled; Alt+I goes to the Impression, the caret at the end of its text.
 */
import type { RefObject } from 'react'
import { useHotkeyCommand, type HotkeyCommand } from '../../../shared/hotkeyCommands'

export function useReportHotkeys({
  save,
  finalize,
  impression,
}: {
  /** The click of 'Save', or null while it is disabled. */
  save: HotkeyCommand | null
  /** The click of 'Finalize', or null while it is disabled. */
  finalize: HotkeyCommand | null
  impression: RefObject<HTMLTextAreaElement | null>
}): void {
  useHotkeyCommand('save', save)
  useHotkeyCommand('finalize', finalize)
  useHotkeyCommand('impression', () => {
    const area = impression.current
    if (!area) return
    area.focus()
    const end = area.value.length
    area.setSelectionRange(end, end)
  })
}
