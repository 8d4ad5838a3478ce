// Unit tests of the URL allow-list for tool-provided images and links.
import { describe, expect, it } from 'vitest'
import { isSafeImageSrc, isSafeLink } from './safeUrl.ts'

describe('safe URLs', () => {
  it('allows http(s) and data:image only for images', () => {
    expect(isSafeImageSrc('https://example.com/a.png')).toBe(true)
    expect(isSafeImageSrc('data:image/png;base64,AAAA')).toBe(true)
    expect(isSafeImageSrc('data:text/html;base64,AAAA')).toBe(false)
    expect(isSafeImageSrc('javascript:alert(1)')).toBe(false)
    expect(isSafeImageSrc('file:///etc/passwd')).toBe(false)
    expect(isSafeImageSrc(42)).toBe(false)
  })
  it('allows only http(s) links', () => {
    expect(isSafeLink('http://localhost:3000/x')).toBe(true)
    expect(isSafeLink('data:image/png;base64,AAAA')).toBe(false)
    expect(isSafeLink('javascript:alert(1)')).toBe(false)
    expect(isSafeLink('/relative')).toBe(false)
  })
})
