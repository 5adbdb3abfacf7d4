import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'

/**
 * Inputs an attacker or a careless client sends: SQL and script fragments, any Unicode (emoji, RTL,
 * combining marks, control characters including NUL), very long values, and mixes of them.
 */

/** String.prototype.toWellFormed (ES2024): each lone surrogate becomes U+FFFD. */
const toWellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')

/** Encodes a text value for a URL, as a browser would (a lone surrogate becomes U+FFFD first). */
export const q = (value: string) => encodeURIComponent(toWellFormed(value))

/** Runs per property: enough to meet every kind of value, small enough for a busy 2-core machine. */
export const RUNS = 30

export const SQL_LIKE = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(10); --',
  "admin'--",
  "' UNION SELECT password, email FROM users --",
  '$$; delete from vouches; $$',
  "%' AND 1=(SELECT COUNT(*) FROM sessions) --",
  '\\x27; truncate hashtags; --',
  '1 OR 1=1',
  "E'\\\\'",
]

export const SCRIPT_LIKE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg onload=alert(1)>',
  '</title><script>alert(1)</script>',
  '\'"><iframe src=//example.invalid>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}<%= 7*7 %>',
  ']]><!--<x>-->',
  '&lt;b&gt;&amp;&#x3C;',
]

export const UNICODE_SAMPLES = [
  'Zoë Ångström',
  'الاسم الكامل',
  '名前 テスト',
  '👩🏽‍💻🚀🔥',
  'e\u0301\u0301\u0301',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  'tab\there\nnew line\r\n',
  '\uFEFFbom',
  'Ω≈ç√∫˜µ≤≥÷',
  // A lone surrogate is not a character: JSON may carry it, storage turns it into U+FFFD.
  'half \uD83D surrogate',
]

/** Control characters; PostgreSQL cannot store NUL, so the API must refuse it (400), not fail on it. */
export const CONTROL = [
  'nul\u0000byte',
  '\u0000',
  'bell\u0007',
  'esc\u001b[31mred',
  'del\u007f',
  'nbsp\u00a0x',
]

const fragment = fc.oneof(
  fc.constantFrom(...CONTROL),
  fc.constantFrom(...SQL_LIKE),
  fc.constantFrom(...SCRIPT_LIKE),
  fc.constantFrom(...UNICODE_SAMPLES),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  // Any code point but lone surrogates: control characters and NUL included.
  fc.string({ unit: 'binary', maxLength: 40 }),
)

/** A hostile text value: one fragment, several glued together, or a very long one. */
export const hostileText = (options: { maxLong?: number } = {}) =>
  fc.oneof(
    { weight: 4, arbitrary: fragment },
    {
      weight: 3,
      arbitrary: fc.array(fragment, { minLength: 2, maxLength: 5 }).map((parts) => parts.join(' ')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fragment,
          fc.integer({ min: Math.min(200, options.maxLong ?? 6000), max: options.maxLong ?? 6000 }),
        )
        .map(([part, length]) =>
          (part || 'x').repeat(Math.ceil(length / Math.max(1, part.length))).slice(0, length),
        ),
    },
  )

/** A value that is not a string at all, for fields that expect one. */
export const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
)

/** What a path segment or query value may be: ids out of range, numbers in odd notations, traversal, text. */
export const hostileSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '2147483647',
    '2147483648',
    '99999999999',
    '9007199254740993',
    '1e309',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    '[object Object]',
    '..',
    '../..',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AE%C0%AE',
    'admin',
    'me',
    ' ',
  ),
  fc.integer({ min: -3, max: 3_000_000_000 }).map(String),
  hostileText({ maxLong: 3000 }).map((value) => q(value)),
)

/** Never a server error, and always the JSON error shape on a failure (except the HTML badge page). */
export function expectNoServerError(res: LightMyRequestResponse, context: string) {
  expect(res.statusCode, `${context} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500)
  if (res.statusCode >= 400 && res.headers['content-type']?.toString().startsWith('application/json')) {
    const body = res.json() as { message?: unknown; code?: unknown }
    expect(typeof body.message, context).toBe('string')
    expect(typeof body.code, context).toBe('string')
  }
}

/** What storage makes of a value: lone surrogates become U+FFFD (UTF-8 cannot encode them). */
export const wellFormed = <T>(value: T): T =>
  (typeof value === 'string'
    ? toWellFormed(value)
    : Array.isArray(value)
      ? value.map(wellFormed)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wellFormed(v)]))
        : value) as T

/** Text that PostgreSQL refuses to store (NUL); such input must be refused with a 400. */
export const hasNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : Array.isArray(value)
      ? value.some(hasNul)
      : value !== null && typeof value === 'object'
        ? Object.values(value).some(hasNul)
        : false
