/**
 * HK-15, HK-16: how a key press is matched with the key map (src/shared/hotkeys.ts), layout by
 * layout, and where the focus is.
 */
import { describe, expect, it } from 'vitest'
import { hotkeyFor } from '../../../src/shared/hotkeys'

function pressOn(target: EventTarget, init: KeyboardEventInit): string | null {
  const event = new KeyboardEvent('keydown', { bubbles: true, ...init })
  let found: string | null = null
  target.addEventListener('keydown', (received) => {
    found = hotkeyFor(received as KeyboardEvent)?.id ?? null
  })
  target.dispatchEvent(event)
  return found
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, type?: string) {
  const created = document.createElement(tag)
  if (type && created instanceof HTMLInputElement) created.type = type
  document.body.append(created)
  return created
}

describe('the key map', () => {
  it('HK-15 Ctrl shortcuts follow the layout’s letter (Cyrillic by position), Alt ones the position; AltGr is never one', () => {
    const body = document.body
    expect(pressOn(body, { key: 's', code: 'KeyS', ctrlKey: true })).toBe('save')
    // Dvorak: the key marked S sits where QWERTY has ';'.
    expect(pressOn(body, { key: 's', code: 'Semicolon', ctrlKey: true })).toBe('save')
    expect(pressOn(body, { key: 'o', code: 'KeyS', ctrlKey: true })).toBeNull()
    // Russian: Ctrl+Ы is the S key.
    expect(pressOn(body, { key: 'ы', code: 'KeyS', ctrlKey: true })).toBe('save')
    expect(pressOn(body, { key: 'F', code: 'KeyF', metaKey: true, shiftKey: true })).toBe(
      'finalize',
    )
    // macOS: Option+I is a dead key outside text fields too; its position is what counts.
    expect(pressOn(body, { key: 'Dead', code: 'KeyI', altKey: true })).toBe('impression')
    // AltGr is Ctrl+Alt on Windows: Polish AltGr+Z types 'ż'.
    expect(pressOn(body, { key: 'ż', code: 'KeyZ', ctrlKey: true, altKey: true })).toBeNull()
    expect(pressOn(body, { key: 'r', code: 'KeyR', altKey: true, ctrlKey: true })).toBeNull()
    expect(pressOn(body, { key: 'R', code: 'KeyR', altKey: true, shiftKey: true })).toBeNull()
    expect(pressOn(body, { key: '?', code: 'Slash', shiftKey: true })).toBe('shortcuts')
    expect(pressOn(body, { key: 'F4', code: 'F4', shiftKey: true })).toBeNull()
  })

  it('HK-16 in a field: keys that type nothing work, keys that type are the field’s; F4 is a select’s', () => {
    const area = element('textarea')
    expect(pressOn(area, { key: 'F4', code: 'F4' })).toBe('dictation')
    expect(pressOn(area, { key: 's', code: 'KeyS', ctrlKey: true })).toBe('save')
    expect(pressOn(area, { key: '?', code: 'Slash', shiftKey: true })).toBeNull()
    expect(pressOn(area, { key: 'i', code: 'KeyI', altKey: true })).toBe('impression')
    expect(pressOn(area, { key: 'Dead', code: 'KeyI', altKey: true })).toBeNull()
    expect(pressOn(element('input', 'search'), { key: '˜', code: 'KeyN', altKey: true })).toBeNull()
    // A button types nothing: '?' there opens the shortcuts.
    expect(pressOn(element('input', 'checkbox'), { key: '?', code: 'Slash' })).toBe('shortcuts')
    expect(pressOn(element('button'), { key: '?', code: 'Slash' })).toBe('shortcuts')
    const select = element('select')
    expect(pressOn(select, { key: 'F4', code: 'F4' })).toBeNull()
    expect(pressOn(select, { key: 'r', code: 'KeyR', altKey: true })).toBeNull()
    const editable = element('div')
    editable.setAttribute('contenteditable', 'true')
    expect(pressOn(editable, { key: '?', code: 'Slash' })).toBeNull()
  })
})
