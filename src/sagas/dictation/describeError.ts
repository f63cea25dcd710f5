/**
 * How the dictation saga names a failure in its log lines: an API error by its status and
 * message, any other error by its name and message. Never the request or the token.
 */
import { isApiError } from '../../services/api/baseApi'

export function describeError(error: unknown): unknown {
  if (isApiError(error)) return { status: error.status, message: error.message }
  if (error instanceof Error) return { name: error.name, message: error.message }
  return String(error)
}
