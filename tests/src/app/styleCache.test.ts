/**
 * SEC-30: the SPA reads its page's nonce from the `csp-nonce` meta (the property, which browsers
 * keep once they hide the attribute) and Emotion's cache puts it on every `<style>` it adds.
 */
import { describe, expect, it } from 'vitest'
import { pageNonce } from '../../../src/app/styleCache'

function pageWith(meta: string): Document {
  return new DOMParser().parseFromString(`<html><head>${meta}</head></html>`, 'text/html')
}

describe('the page nonce', () => {
  it('SEC-30 is read from the csp-nonce meta', () => {
    expect(pageNonce(pageWith('<meta property="csp-nonce" nonce="abc123">'))).toBe('abc123')
  })

  it('SEC-30 is read from the property when the browser has hidden the attribute', () => {
    const doc = pageWith('<meta property="csp-nonce">')
    const meta = doc.querySelector<HTMLMetaElement>('meta')
    if (!meta) throw new Error('no meta')
    meta.nonce = 'hidden456'
    expect(pageNonce(doc)).toBe('hidden456')
  })

  it('SEC-30 is absent on a page without one (the development server, tests)', () => {
    expect(pageNonce(pageWith(''))).toBeUndefined()
  })
})
