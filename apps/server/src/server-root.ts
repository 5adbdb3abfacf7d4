import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * The server package's folder (apps/server), whether the code runs from `src/` through tsx or from the
 * single compiled `dist/main.js`: files the server reads at run time (migrations, the worker script,
 * the web client) are found from here, not from the running module's own folder, which differs.
 */
export const SERVER_ROOT = findPackageRoot(import.meta.dirname)

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`)
  }
}
