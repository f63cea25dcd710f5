/**
 * Speech tokens for the SPA's recognizer. Three modes:
 * - azure: exchange the subscription key for a 10-minute token at Azure's STS endpoint, so the
 *   key never reaches the browser;
 * - host: an on-prem speech container (or a test server) that needs no Azure token; the answer
 *   carries `host` and a short-lived token the server issues, so the SPA's non-blank check
 *   (DC-5) means the same in every mode;
 * - none: dictation is not configured and the call answers 503.
 */
import { randomBytes } from 'node:crypto'
import type { SpeechTokenAnswer } from '../../contract'
import type { SpeechConfig } from '../config'
import { HttpError } from '../http/errors'

export const SPEECH_NOT_CONFIGURED =
  'Dictation is not configured on this server. Set AZURE_SPEECH_KEY and AZURE_SPEECH_REGION, or SPEECH_HOST for an on-prem speech container.'

export interface SpeechTokenProvider {
  issue(): Promise<SpeechTokenAnswer>
}

export function createSpeechTokenProvider(
  config: SpeechConfig,
  fetchImpl: typeof fetch = fetch,
): SpeechTokenProvider {
  switch (config.kind) {
    case 'none':
      return {
        issue: () =>
          Promise.reject(new HttpError(503, 'speech_unavailable', SPEECH_NOT_CONFIGURED)),
      }
    case 'host':
      return {
        issue: () =>
          Promise.resolve({
            token: randomBytes(24).toString('base64url'),
            region: config.region,
            host: config.host,
          }),
      }
    case 'azure':
      return {
        async issue() {
          let response: Response
          try {
            response = await fetchImpl(config.tokenUrl, {
              method: 'POST',
              headers: { 'Ocp-Apim-Subscription-Key': config.key, 'Content-Length': '0' },
              signal: AbortSignal.timeout(10_000),
            })
          } catch (cause) {
            throw new HttpError(
              502,
              'speech_token_failed',
              `The speech service could not be reached (${String(cause)}).`,
            )
          }
          const token = (await response.text()).trim()
          if (!response.ok || token === '') {
            throw new HttpError(
              502,
              'speech_token_failed',
              `The speech service refused a token (HTTP ${response.status}).`,
            )
          }
          return { token, region: config.region }
        },
      }
  }
}
