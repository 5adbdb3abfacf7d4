/**
 * Avatar fallbacks of SPEC.md: first letters of the first and last word of the full name,
 * else the upper-cased first letter of the username, else 'U'.
 */
export function initials(fullName?: string | null, username?: string | null): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean)
  if (words.length > 0) {
    const first = words[0]!
    const last = words.length > 1 ? words[words.length - 1]! : ''
    return (first.charAt(0) + last.charAt(0)).toUpperCase()
  }
  const name = (username ?? '').trim()
  if (name) return name.charAt(0).toUpperCase()
  return 'U'
}
