import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ZColorScheme } from '../appearance'
import { ZCategory } from '../endorsements'
import { ZLocale } from '../locale'
import { ZCreateReportBody } from '../reports'
import { ZTitle } from '../users'
import { localizeMessage, textPattern } from './localize'
import { MESSAGES_DE } from './messages.de'
import { INLINE_SCHEMA_MESSAGES, MESSAGES_EN } from './messages.en'

type Texts = Record<string, string | ((...args: string[]) => string)>
const groups = Object.entries(MESSAGES_EN) as [keyof typeof MESSAGES_EN, Texts][]
const german = (group: keyof typeof MESSAGES_EN) => MESSAGES_DE[group] as unknown as Texts

/** Words German spells as English does. */
const SAME_IN_BOTH = new Set(['System', 'Hashtag', 'Hashtags', 'Bio'])

describe('the German catalogue', () => {
  it('has a German text for every English one, of the same kind and arity', () => {
    for (const [group, texts] of groups) {
      const de = german(group)
      expect(Object.keys(de).sort(), group).toEqual(Object.keys(texts).sort())
      for (const [key, english] of Object.entries(texts)) {
        const target = de[key]!
        expect(typeof target, `${group}.${key}`).toBe(typeof english)
        if (typeof english === 'string') {
          expect(target, `${group}.${key}`).not.toBe('')
          if (!SAME_IN_BOTH.has(english)) expect(target, `${group}.${key}`).not.toBe(english)
        } else {
          expect((target as () => string).length, `${group}.${key}`).toBe(english.length)
        }
      }
    }
  })

  it('covers every *_MESSAGES and *_LABELS constant of the shared package', async () => {
    const dir = fileURLToPath(new URL('..', import.meta.url))
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    const known = new Set<unknown>(Object.values(MESSAGES_EN))
    const missing: string[] = []
    for (const file of files) {
      const module = (await import(`../${file.slice(0, -3)}.ts`)) as Record<string, unknown>
      for (const [name, value] of Object.entries(module)) {
        if (/_(MESSAGES|LABELS)$/.test(name) && !known.has(value)) missing.push(`${file}: ${name}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('gives one English text one German text wherever it appears', () => {
    const seen = new Map<string, string>()
    const conflicts: string[] = []
    for (const [group, texts] of groups) {
      for (const [key, english] of Object.entries(texts)) {
        if (typeof english !== 'string') continue
        const target = german(group)[key] as string
        if (seen.has(english) && seen.get(english) !== target) conflicts.push(`${group}.${key}: ${english}`)
        seen.set(english, target)
      }
    }
    expect(conflicts).toEqual([])
  })
})

describe('localizeMessage', () => {
  it('translates every English text of the catalogue', () => {
    for (const [group, texts] of groups) {
      for (const [key, english] of Object.entries(texts)) {
        if (typeof english === 'string')
          expect(localizeMessage(english, 'de'), `${group}.${key}`).toBe(german(group)[key])
      }
    }
  })

  it('recognises function texts by their shape, with their arguments', () => {
    let patterns = 0
    for (const [group, texts] of groups) {
      for (const [key, english] of Object.entries(texts)) {
        if (typeof english !== 'function' || !textPattern(english)) continue
        patterns++
        const args = Array.from({ length: english.length }, (_, i) => `Zora${i}`)
        const target = german(group)[key] as (...a: string[]) => string
        expect(localizeMessage(english(...args), 'de'), `${group}.${key}`).toBe(target(...args))
      }
    }
    expect(patterns).toBeGreaterThan(15)
  })

  it('translates the parts a function text was made of', () => {
    expect(localizeMessage('Endorsement not found', 'de')).toBe('Empfehlung nicht gefunden')
    expect(
      localizeMessage(
        'You have given 20 endorsements in the last 24 hours, the most allowed. You can endorse again in about 3 hours.',
        'de',
      ),
    ).toBe(
      'Du hast in den letzten 24 Stunden 20 Empfehlungen gegeben, mehr sind nicht erlaubt. Du kannst in etwa 3 Stunden wieder empfehlen.',
    )
    expect(
      localizeMessage(
        'This member rejected your previous request. You can send a new connection request after January 5, 2027.',
        'de',
      ),
    ).toBe(
      'Dieses Mitglied hat deine letzte Anfrage abgelehnt. Du kannst ab dem 5. Januar 2027 eine neue Kontaktanfrage senden.',
    )
    expect(localizeMessage('Ana asked you to vouch for #TypeScript, #Go', 'de')).toBe(
      'Ana bittet dich um eine Empfehlung für #TypeScript, #Go',
    )
    // A category inside a notification, as the list, pushes and mails show it.
    expect(localizeMessage(MESSAGES_EN.NOTIFICATION_TEXTS.endorsed('Ana', 'Technical Skills'), 'de')).toBe(
      MESSAGES_DE.NOTIFICATION_TEXTS.endorsed('Ana', 'Fachliche Fähigkeiten'),
    )
    expect(localizeMessage('Problem Solving', 'de')).toBe('Problemlösung')
  })

  it('leaves English and unknown texts as they are', () => {
    expect(localizeMessage('Member not found', 'en')).toBe('Member not found')
    expect(localizeMessage('Something nobody wrote down', 'de')).toBe('Something nobody wrote down')
    expect(localizeMessage('', 'de')).toBe('')
  })

  it('leaves texts made by branching (plurals) to their callers', () => {
    expect(textPattern(MESSAGES_EN.DISCOVERY_MESSAGES.resultCount as never)).toBeNull()
    expect(localizeMessage('12 people', 'de')).toBe('12 people')
  })

  it('translates what the shared schemas say inline', () => {
    const inline = new Set<unknown>(Object.values(INLINE_SCHEMA_MESSAGES))
    const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!.message
    for (const message of [
      messageOf(ZLocale, 'fr'),
      messageOf(ZColorScheme, 'sepia'),
      messageOf(ZCategory, 'Juggling'),
      messageOf(ZCreateReportBody, { targetType: 'planet', targetId: 1, reason: 'spam!' }),
    ]) {
      expect(inline.has(message), message).toBe(true)
      expect(localizeMessage(message, 'de')).not.toBe(message)
    }
    expect(localizeMessage(messageOf(ZTitle, 'a\nb'), 'de')).toBe(
      'Titel darf keine Zeilenumbrüche, Steuer- oder Textrichtungszeichen enthalten',
    )
  })
})
