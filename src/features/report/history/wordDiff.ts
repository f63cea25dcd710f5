/**
 * RH-1: a readable word-level difference between two texts of a section, for the report's history.
 * Words with the whitespace after them are the units, so line breaks survive. The common
 * beginning and end are cut first (a revision usually changes a little of a long section), and a
 * middle too large to compare word by word (more than MAX_CELLS pairs) is shown as removed, then
 * added: a 20,000-character section never freezes the tab.
 */

export interface DiffPart {
  kind: 'same' | 'added' | 'removed'
  text: string
}

/** Pairs of words compared at most: about a 500-word change against a 500-word change. */
export const MAX_CELLS = 250_000

/** Each word with the whitespace after it (a lone space never anchors two unrelated changes). */
function tokens(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? []
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (text === '') return
  const last = parts.at(-1)
  if (last?.kind === kind) last.text += text
  else parts.push({ kind, text })
}

/** The longest-common-subsequence alignment of two token lists, as parts in reading order. */
function align(parts: DiffPart[], a: readonly string[], b: readonly string[]): void {
  const width = b.length + 1
  // lengths[i * width + j]: the LCS length of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0)
    }
  }
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i] ?? '')
      i += 1
      j += 1
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      push(parts, 'removed', a[i] ?? '')
      i += 1
    } else {
      push(parts, 'added', b[j] ?? '')
      j += 1
    }
  }
  push(parts, 'removed', a.slice(i).join(''))
  push(parts, 'added', b.slice(j).join(''))
}

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before)
  const b = tokens(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1
    endB -= 1
  }
  const parts: DiffPart[] = []
  push(parts, 'same', a.slice(0, start).join(''))
  const middleA = a.slice(start, endA)
  const middleB = b.slice(start, endB)
  if (middleA.length * middleB.length > MAX_CELLS) {
    push(parts, 'removed', middleA.join(''))
    push(parts, 'added', middleB.join(''))
  } else {
    align(parts, middleA, middleB)
  }
  push(parts, 'same', a.slice(endA).join(''))
  return parts
}
