import { describe, expect, it } from 'vitest'
import { de } from './resources.de'
import { en } from './resources.en'

type Tree = { [key: string]: string | Tree }

/** Every text of a namespace by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') texts.set(path, value)
    else for (const [inner, text] of flatten(value, path)) texts.set(inner, text)
  }
  return texts
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<(\d+)>/g)].map((m) => m[0]).sort()

describe('translations', () => {
  for (const ns of Object.keys(en) as (keyof typeof en)[]) {
    it(`German has every English text of "${ns}", with the same placeholders`, () => {
      const english = flatten(en[ns] as Tree)
      const german = flatten(de[ns] as Tree)
      expect([...german.keys()].sort()).toEqual([...english.keys()].sort())
      for (const [key, text] of english) {
        expect(placeholders(german.get(key) ?? ''), `${ns}:${key}`).toEqual(placeholders(text))
        expect(german.get(key)?.trim(), `${ns}:${key} is empty`).not.toBe('')
      }
    })
  }
})
