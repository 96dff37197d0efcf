/**
 * The `redirect` search parameter carries where a user wanted to go before signing in. Only a path on
 * this site is followed: anything with a scheme, a host (`//evil.example`) or a backslash trick becomes
 * the default, so the login can never be used as an open redirect.
 */
export const DEFAULT_AFTER_LOGIN = '/home'

export const safeRedirect = (value: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  // Control characters (tabs, newlines) are stripped by URL parsers and could turn "/\t/evil" into "//evil".
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this check
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback
  try {
    const base = 'https://same-origin.invalid'
    const url = new URL(value, base)
    if (url.origin !== base) return fallback
    // Never send a freshly signed-in user back to the sign-in screens.
    if (url.pathname === '/login' || url.pathname === '/') return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}
