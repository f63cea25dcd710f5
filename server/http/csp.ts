/**
 * Content-Security-Policy for the SPA. Scripts only from this origin; styles inline because
 * Chakra/Emotion inject them at run time; connections to this origin plus whatever identity and
 * speech services the configuration names.
 */
import type { ServerConfig } from '../config'

export function contentSecurityPolicy(config: ServerConfig): Record<string, string[] | null> {
  const connect = ["'self'"]
  const script = ["'self'"]
  const frame: string[] = ["'none'"]
  if (config.identity.mode === 'descope') {
    const base = config.identity.baseUrl ?? 'https://api.descope.com'
    connect.push(base, 'https://*.descope.com')
    // The flow widget loads its components from Descope's CDN.
    script.push('https://descopecdn.com', 'https://static.descope.com')
    connect.push('https://descopecdn.com', 'https://static.descope.com')
  }
  if (config.speech.kind === 'azure') {
    connect.push(
      `wss://${config.speech.region}.stt.speech.microsoft.com`,
      `https://${config.speech.region}.api.cognitive.microsoft.com`,
    )
  } else if (config.speech.kind === 'host') {
    connect.push(config.speech.host)
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: script,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: frame,
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Served over plain http on loopback; upgrading would break every request.
    upgradeInsecureRequests: null,
  }
}
