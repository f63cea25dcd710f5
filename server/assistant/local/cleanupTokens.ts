/**
 * Dictation cleanup's tokens (cleanup.ts): words, punctuation marks and line breaks, as the text
 * is split into them and joined back.
 */

export type Token =
  { kind: 'word'; text: string } | { kind: 'mark'; text: string } | { kind: 'break'; count: number }

export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const [chunk] of text.replace(/\r\n?/g, '\n').matchAll(/\s+|\S+/g)) {
    if (/^\s/.test(chunk)) {
      const count = chunk.split('\n').length - 1
      if (count > 0) tokens.push({ kind: 'break', count })
      continue
    }
    // ".5" is a number, not a full stop before "5".
    const leading = /^\.\d/.test(chunk) ? '' : (/^[.,:;?!]+/.exec(chunk)?.[0] ?? '')
    const rest = chunk.slice(leading.length)
    const trailing = /[.,:;?!]+$/.exec(rest)?.[0] ?? ''
    const core = rest.slice(0, rest.length - trailing.length)
    for (const mark of leading) tokens.push({ kind: 'mark', text: mark })
    if (core !== '') tokens.push({ kind: 'word', text: core })
    for (const mark of trailing) tokens.push({ kind: 'mark', text: mark })
  }
  return tokens
}

/** A word token's text in lower case; undefined for anything else. */
export function lower(token: Token | undefined): string | undefined {
  return token?.kind === 'word' ? token.text.toLowerCase() : undefined
}
