/**
 * HK-1..HK-20: the study view's keyboard shortcuts, as data. Each shortcut is defined here once;
 * the global listener (src/app/HotkeyListener.tsx) matches key presses with it, the 'Keyboard
 * shortcuts' overlay lists it, and the buttons it presses name it in their hover title and in
 * `aria-keyshortcuts`.
 *
 * Where a shortcut works (`inTextFields`), decided key by key:
 * - 'always': keys that never type a character (Ctrl+S, Ctrl+Shift+F, F4) work in the text areas
 *   too, where a radiologist spends the day. F4 is left to a select, whose list it opens.
 * - 'unlessTyping': Alt+letter is recognised by the key's position (`code`, so other layouts
 *   work too), but where a text field has the focus only when the key would type nothing there
 *   (`key` is the plain letter): macOS composes characters with Option (Option+I is the circumflex
 *   dead key, Option+N the tilde, Option+U the umlaut), and that character is the field's.
 *   Never with Ctrl (AltGr on Windows is Ctrl+Alt and types characters), Meta or Shift.
 * - 'never': '?' is a character; it opens the overlay only outside text fields.
 * No shortcut fires inside a modal dialog (the finalize question, the overlay itself): the dialog
 * owns the keyboard there.
 */

export type HotkeyId =
  | 'save'
  | 'finalize'
  | 'dictation'
  | 'impression'
  | 'reportEditor'
  | 'nextStudy'
  | 'undoAssistantChange'
  | 'shortcuts'

export type TextFieldRule = 'always' | 'unlessTyping' | 'never'

export interface Hotkey {
  id: HotkeyId
  /** As the overlay and the hover titles write it: 'Ctrl+S'. */
  keys: string
  /** The same for `aria-keyshortcuts`: 'Control+S'. */
  ariaKeys: string
  /** What it does, for the overlay. */
  action: string
  /** The physical key (`KeyboardEvent.code`), or for '?' and F4 the key's value (`key`). */
  code?: string
  key?: string
  ctrl?: boolean
  shift?: boolean
  alt?: boolean
  inTextFields: TextFieldRule
}

export const HOTKEYS: readonly Hotkey[] = [
  {
    id: 'save',
    keys: 'Ctrl+S',
    ariaKeys: 'Control+S Meta+S',
    action: 'Save the report',
    code: 'KeyS',
    ctrl: true,
    inTextFields: 'always',
  },
  {
    id: 'finalize',
    keys: 'Ctrl+Shift+F',
    ariaKeys: 'Control+Shift+F Meta+Shift+F',
    action: 'Finalize the report (asks first)',
    code: 'KeyF',
    ctrl: true,
    shift: true,
    inTextFields: 'always',
  },
  {
    id: 'dictation',
    keys: 'F4',
    ariaKeys: 'F4',
    action: 'Start or stop dictation (into the box that has the focus, else the chat)',
    key: 'F4',
    inTextFields: 'always',
  },
  {
    id: 'impression',
    keys: 'Alt+I',
    ariaKeys: 'Alt+I',
    action: 'Go to the Impression',
    code: 'KeyI',
    alt: true,
    inTextFields: 'unlessTyping',
  },
  {
    id: 'reportEditor',
    keys: 'Alt+R',
    ariaKeys: 'Alt+R',
    action: 'Show or hide the report editor',
    code: 'KeyR',
    alt: true,
    inTextFields: 'unlessTyping',
  },
  {
    id: 'nextStudy',
    keys: 'Alt+N',
    ariaKeys: 'Alt+N',
    action: 'Open the next study',
    code: 'KeyN',
    alt: true,
    inTextFields: 'unlessTyping',
  },
  {
    id: 'undoAssistantChange',
    keys: 'Alt+U',
    ariaKeys: 'Alt+U',
    action: "Undo the assistant's last change",
    code: 'KeyU',
    alt: true,
    inTextFields: 'unlessTyping',
  },
  {
    id: 'shortcuts',
    keys: '?',
    ariaKeys: 'Shift+?',
    action: 'Show these shortcuts',
    key: '?',
    inTextFields: 'never',
  },
]

export function hotkeyOf(id: HotkeyId): Hotkey {
  const hotkey = HOTKEYS.find((candidate) => candidate.id === id)
  if (!hotkey) throw new Error(`No hotkey ${id}`)
  return hotkey
}

/** A button's hover title naming its key: 'Save (Ctrl+S)'. */
export function hotkeyTitle(id: HotkeyId, label: string): string {
  return `${label} (${hotkeyOf(id).keys})`
}

/** What a button pressed by a shortcut carries: its hover title and `aria-keyshortcuts`. */
export function hotkeyProps(
  id: HotkeyId,
  label: string,
): { title: string; 'aria-keyshortcuts': string } {
  return { title: hotkeyTitle(id, label), 'aria-keyshortcuts': hotkeyOf(id).ariaKeys }
}

/** The element keeps the keys it is given: a text field, or a select for F4. */
function textFieldOf(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof HTMLElement)) return null
  const editable =
    '[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]'
  if (target.isContentEditable || target.closest(editable)) return target
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return target
  if (target instanceof HTMLInputElement) {
    // Buttons, checkboxes and the like type nothing.
    const typing = ['text', 'search', 'email', 'password', 'tel', 'url', 'number', '']
    return typing.includes(target.type) ? target : null
  }
  return null
}

function modifiersMatch(hotkey: Hotkey, event: KeyboardEvent): boolean {
  const ctrl = event.ctrlKey || event.metaKey
  if (hotkey.ctrl === true) {
    // Ctrl and Cmd alike, but not both, and never AltGr (Ctrl+Alt).
    if (!ctrl || event.altKey || (event.ctrlKey && event.metaKey)) return false
  } else if (ctrl) return false
  if ((hotkey.alt ?? false) !== event.altKey) return false
  // '?' is Shift+/ on most layouts: its key says it, whatever Shift did.
  if (hotkey.key === '?') return true
  return (hotkey.shift ?? false) === event.shiftKey
}

/** The letter a letter shortcut's key types without modifiers ('i' for KeyI). */
function hotkeyLetter(hotkey: Hotkey): string {
  return (hotkey.code ?? '').replace(/^Key/, '').toLowerCase()
}

/**
 * Ctrl shortcuts follow the layout's letter, as the browser's own do (Ctrl+S on Dvorak is the
 * key marked S), with the key's position only where the layout types no Latin letter (Cyrillic).
 * Alt shortcuts follow the position: with Alt, `key` is whatever the layout composes.
 */
function keyMatches(hotkey: Hotkey, event: KeyboardEvent): boolean {
  if (hotkey.key !== undefined) return event.key === hotkey.key
  if (hotkey.ctrl === true && /^[a-z]$/i.test(event.key)) {
    return event.key.toLowerCase() === hotkeyLetter(hotkey)
  }
  return event.code === hotkey.code
}

/** Whether the key press is this shortcut, where it has the focus. */
export function matchesHotkey(hotkey: Hotkey, event: KeyboardEvent): boolean {
  if (event.isComposing || !modifiersMatch(hotkey, event) || !keyMatches(hotkey, event)) {
    return false
  }
  const field = textFieldOf(event.target)
  if (field === null) return true
  switch (hotkey.inTextFields) {
    case 'always':
      return !(hotkey.id === 'dictation' && field instanceof HTMLSelectElement)
    case 'unlessTyping':
      return (
        !(field instanceof HTMLSelectElement) && event.key.toLowerCase() === hotkeyLetter(hotkey)
      )
    case 'never':
      return false
  }
}

/** The shortcut a key press is, if any. */
export function hotkeyFor(event: KeyboardEvent): Hotkey | null {
  return HOTKEYS.find((hotkey) => matchesHotkey(hotkey, event)) ?? null
}
