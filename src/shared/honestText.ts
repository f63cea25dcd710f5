/**
 * SEC-38: the forms say, before sending, what the server would refuse (SEC-31..SEC-33): a name or
 * label holding a character that deceives (an invisible one, a direction override, a C1 control),
 * naming the field and the character, since the clinician cannot see it. Pasted text is where
 * such characters come from.
 */
import { deceptiveInName, deceptiveInText } from '../../contract/text'

function sentence(label: string, codePoint: string): string {
  return `${label} holds an invisible or direction-changing character (${codePoint}). Type it again without it.`
}

/** What is wrong with a name or short label, or null. */
export function nameProblem(label: string, text: string): string | null {
  const found = deceptiveInName(text)
  return found ? sentence(label, found) : null
}

/** What is wrong with free text around a report (a macro's text), or null. */
export function textProblem(label: string, text: string): string | null {
  const found = deceptiveInText(text)
  return found ? sentence(label, found) : null
}
