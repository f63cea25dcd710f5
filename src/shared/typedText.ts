/**
 * SEC-3 at the edge of the page: text pasted into a clinician's text area can carry characters
 * nobody typed and nobody sees (a vertical tab or form feed from a word processor, a stray NUL,
 * half of a broken emoji). The server refuses such text (400), which would leave an autosave
 * failing on something invisible. So the text areas take them out as they arrive: a vertical tab
 * or form feed becomes the line break it stood for, the others are dropped. Everything a person
 * can see is kept exactly.
 */
import { isCleanText } from '../../contract'

// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
const LINE_BREAKS = /[\u000B\u000C]/g
const UNSEEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
  /[\u0000-\u0008\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export function typedText(text: string): string {
  if (isCleanText(text)) return text
  return text.replace(LINE_BREAKS, '\n').replace(UNSEEN, '')
}
