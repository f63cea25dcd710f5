/**
 * SEC-30: Emotion's cache, which every Chakra style goes through, made with the page's CSP nonce.
 * The server writes a fresh nonce into the page's `csp-nonce` meta for each answer and allows
 * only `<style>` elements carrying it; Emotion puts it on each one it adds. A page with no nonce
 * (the development server, tests) gets the same cache without one.
 */
import createCache, { type EmotionCache } from '@emotion/cache'

/**
 * The nonce of the page: the meta's `nonce` property, since browsers hide the attribute once a
 * policy has read it (Vite's preload helper reads it the same way).
 */
export function pageNonce(doc: Document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  return meta?.nonce || meta?.getAttribute('nonce') || undefined
}

let built: EmotionCache | undefined

/** The page's one cache, made at the first render. */
export function styleCache(): EmotionCache {
  const nonce = pageNonce(document)
  built ??= createCache({ key: 'css', ...(nonce ? { nonce } : {}) })
  return built
}
