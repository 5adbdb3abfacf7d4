import { createHash } from 'node:crypto'

/** Distinct statement texts that get a name; beyond it (never reached by the app's queries) they run unnamed. */
const NAMED_STATEMENTS_MAX = 2000
const statementNames = new Map<string, string>()

/**
 * The name of a statement, after its text: the same on every connection and both engines. Hex keeps
 * it a plain SQL identifier (PGlite's statements are named in SQL) under PostgreSQL's 63 bytes.
 */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < NAMED_STATEMENTS_MAX) {
    name = `v_${createHash('sha1').update(text).digest('hex')}`
    statementNames.set(text, name)
  }
  return name
}
