/** The words to show for a refused review call: the server's own when it gave some (RV-20). */
import { isApiError } from '../../../services/api/baseApi'

export function refusalMessage(error: unknown): string {
  if (!isApiError(error)) return 'The request failed.'
  const body = error.conflict
  const words =
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string'
      ? body.message.trim()
      : ''
  return words || error.message
}
