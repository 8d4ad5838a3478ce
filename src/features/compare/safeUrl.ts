// URL checks for tool-provided content: images only from http(s) or data:image, links only http(s).
// Tool output is untrusted: javascript:, file: and other schemes must never become live links or sources.

/** True for http(s) URLs and data:image/… URIs. */
export function isSafeImageSrc(url: unknown): url is string {
  if (typeof url !== 'string') return false
  // SVG in an <img> cannot run script, so every data:image type is fine as an image source.
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(url)) return true
  return isSafeLink(url)
}

/** True for absolute http(s) URLs. */
export function isSafeLink(url: unknown): url is string {
  if (typeof url !== 'string') return false
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}
