import { describe, expect, it } from 'vitest'
import { isCleanText } from '../../../contract'
import { typedText } from '../../../src/shared/typedText'

describe('text as the text areas take it', () => {
  it('SEC-3 a vertical tab or form feed becomes a line break; other unseen characters go', () => {
    expect(typedText('Line one\u000BLine two\u000Cthree')).toBe('Line one\nLine two\nthree')
    expect(typedText('No\u0000 nodule\u001B.')).toBe('No nodule.')
    expect(typedText('half \uD83D of an emoji')).toBe('half  of an emoji')
  })

  it('SEC-3 what a person can see is kept exactly, and the result is always text the server takes', () => {
    const seen = 'Tab\there, CR LF\r\n, emoji 🫁, accents é, arrows →'
    expect(typedText(seen)).toBe(seen)
    for (const text of ['\u0000', 'a\uDC00b', '\u000B\u000C\u0007', 'x\uD800']) {
      expect(isCleanText(typedText(text))).toBe(true)
    }
  })
})
