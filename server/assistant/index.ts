/** The assistant the server uses, chosen by configuration (ASSISTANT_PROVIDER). */
import type { ServerConfig } from '../config'
import { createLocalAssistant } from './local'
import { createOpenAiAssistant } from './openai'
import type { Assistant } from './types'

export function createAssistant(config: ServerConfig['assistant']): Assistant {
  if (config.provider === 'openai') {
    return createOpenAiAssistant({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      model: config.model,
      timeoutMs: config.timeoutMs,
    })
  }
  return createLocalAssistant()
}
