import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase } from '../db/client'
import { users } from '../db/schema/index'
import { assertServerStopped, backupDataDir, PID_FILE, restoreDataDir } from './backup'

const tempDir = () => mkdtemp(path.join(tmpdir(), 'vouched-backup-'))

describe('backup and restore of the embedded database', () => {
  it('round-trips members and uploads, keeping the replaced data aside', async () => {
    const dataDir = await tempDir()
    const database = await openDatabase({ dataDir })
    await migrateDatabase(database)
    await database.db.insert(users).values({ username: 'kept', email: 'kept@example.com', password: 'x' })
    await database.close()
    await mkdir(path.join(dataDir, 'uploads'))
    await writeFile(path.join(dataDir, 'uploads', 'a.png'), 'picture bytes')

    const backup = path.join(await tempDir(), 'backup')
    await backupDataDir(dataDir, backup)

    // Damage the live data after the backup.
    const later = await openDatabase({ dataDir })
    await later.db.insert(users).values({ username: 'after', email: 'after@example.com', password: 'x' })
    await later.close()
    await writeFile(path.join(dataDir, 'uploads', 'a.png'), 'overwritten')

    await restoreDataDir(dataDir, backup)
    const restored = await PGlite.create({ dataDir: path.join(dataDir, 'db') })
    const rows = await restored.query<{ username: string }>('select username from users order by id')
    await restored.close()
    expect(rows.rows.map((r) => r.username)).toEqual(['kept'])
    expect(await readFile(path.join(dataDir, 'uploads', 'a.png'), 'utf8')).toBe('picture bytes')
  })

  it('refuses while a live server holds the data dir', async () => {
    const dataDir = await tempDir()
    await writeFile(path.join(dataDir, PID_FILE), String(process.pid))
    await expect(assertServerStopped(dataDir)).rejects.toThrow(/stop it first/)
    await writeFile(path.join(dataDir, PID_FILE), '999999999')
    await expect(assertServerStopped(dataDir)).resolves.toBeUndefined()
  })
})
