/**
 * One request to an image archive (DICOMWEB_URL, ORTHANC_URL), bounded in time and refusing
 * redirects (INT-98): an archive that answers 3xx is a failure named as such, and the address it
 * names is never asked, so a compromised or misconfigured archive cannot send the server's
 * lookups (and the accession numbers in their queries) to another host.
 */

export type ArchiveAnswer =
  { ok: true; status: number; body: string } | { ok: false; reason: string }

/** Why a request failed, in words that hold no clinical text (no URL: it carries the accession). */
function failureReason(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout'
    const cause = (error as { cause?: { code?: unknown } }).cause
    if (typeof cause?.code === 'string') return `network error ${cause.code}`
    return `network error (${error.name})`
  }
  return 'network error'
}

/**
 * A signal that aborts at `timeoutMs` or when `outer` aborts, and a `done` that lets it go.
 * Not `AbortSignal.any([outer, AbortSignal.timeout(ms)])`: in Node 20 nothing holds that
 * composite strongly, so a garbage collection during a silent archive's wait loses it and the
 * request never ends (seen under load; `node --expose-gc` shows it at once). Here the timer's
 * closure holds the controller until it fires or is cleared.
 */
function deadline(outer: AbortSignal, timeoutMs: number): { signal: AbortSignal; done(): void } {
  const controller = new AbortController()
  const timer = setTimeout(() => {
    controller.abort(new DOMException('the archive did not answer in time', 'TimeoutError'))
  }, timeoutMs)
  const onOuterAbort = () => {
    controller.abort(outer.reason)
  }
  if (outer.aborted) onOuterAbort()
  else outer.addEventListener('abort', onOuterAbort, { once: true })
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer)
      outer.removeEventListener('abort', onOuterAbort)
    },
  }
}

/** Asks `url` and reads the whole answer within `timeoutMs`; a redirect is refused, not followed. */
export async function askArchive(
  url: string,
  init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  fetcher: typeof fetch,
  outer: AbortSignal,
  timeoutMs: number,
): Promise<ArchiveAnswer> {
  const bounded = deadline(outer, timeoutMs)
  try {
    const response = await fetcher(url, { ...init, redirect: 'manual', signal: bounded.signal })
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel()
      return {
        ok: false,
        reason: `redirect refused (HTTP ${String(response.status)}): archive lookups follow no redirects`,
      }
    }
    return { ok: true, status: response.status, body: await response.text() }
  } catch (error) {
    return { ok: false, reason: failureReason(error) }
  } finally {
    bounded.done()
  }
}
