/**
 * The app's logger. Errors the spec says are "only logged" (login, speech, send, rating, order
 * initialization) go here, never to the screen. main.tsx creates it and hands it to the store
 * (thunk extra, saga context) and to React; tests pass a recording double instead.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(event: string, detail?: unknown): void
  info(event: string, detail?: unknown): void
  warn(event: string, detail?: unknown): void
  error(event: string, detail?: unknown): void
}

interface ConsoleLike {
  debug(...data: unknown[]): void
  info(...data: unknown[]): void
  warn(...data: unknown[]): void
  error(...data: unknown[]): void
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

/** Writes to the console, dropping events below `minLevel` (debug noise stays out of production). */
export function createConsoleLogger(
  minLevel: LogLevel = 'info',
  target: ConsoleLike = globalThis.console,
): Logger {
  const threshold = LEVELS.indexOf(minLevel)
  const write =
    (level: LogLevel) =>
    (event: string, detail?: unknown): void => {
      if (LEVELS.indexOf(level) < threshold) return
      if (detail === undefined) target[level](`[readout] ${event}`)
      else target[level](`[readout] ${event}`, detail)
    }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}
