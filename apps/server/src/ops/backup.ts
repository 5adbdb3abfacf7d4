import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

export const PID_FILE = 'server.pid'

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )

/** The embedded database allows one process at a time: backups and restores wait for the server to stop. */
export async function assertServerStopped(dataDir: string) {
  const pidFile = path.join(dataDir, PID_FILE)
  if (!(await exists(pidFile))) return
  const pid = Number((await readFile(pidFile, 'utf8')).trim())
  try {
    process.kill(pid, 0)
  } catch {
    return // a stale file from a crash
  }
  throw new Error(`The server (pid ${pid}) is using ${dataDir}; stop it first.`)
}

export type BackupManifest = { createdAt: string; format: 1; uploads: boolean }

/** Writes `<dir>/db.tar.gz` (a PGlite data-dir dump), `<dir>/uploads/` and a manifest. */
export async function backupDataDir(dataDir: string, outDir: string): Promise<BackupManifest> {
  await assertServerStopped(dataDir)
  const dbDir = path.join(dataDir, 'db')
  if (!(await exists(dbDir))) throw new Error(`No embedded database in ${dbDir}`)
  await mkdir(outDir, { recursive: true })
  const pglite = await PGlite.create({ dataDir: dbDir, extensions: { pg_trgm } })
  try {
    const dump = await pglite.dumpDataDir('gzip')
    await writeFile(path.join(outDir, 'db.tar.gz'), Buffer.from(await dump.arrayBuffer()))
  } finally {
    await pglite.close()
  }
  const uploads = path.join(dataDir, 'uploads')
  const hasUploads = await exists(uploads)
  if (hasUploads) await cp(uploads, path.join(outDir, 'uploads'), { recursive: true })
  const manifest: BackupManifest = { createdAt: new Date().toISOString(), format: 1, uploads: hasUploads }
  await writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2))
  return manifest
}

/** Replaces the data dir's database and uploads with a backup's; the previous ones are kept aside. */
export async function restoreDataDir(dataDir: string, fromDir: string) {
  await assertServerStopped(dataDir)
  const manifest = JSON.parse(await readFile(path.join(fromDir, 'manifest.json'), 'utf8')) as BackupManifest
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`)
  const dump = await readFile(path.join(fromDir, 'db.tar.gz'))
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  await mkdir(dataDir, { recursive: true })
  for (const name of ['db', 'uploads']) {
    const current = path.join(dataDir, name)
    if (await exists(current)) await rename(current, path.join(dataDir, `${name}.before-restore-${stamp}`))
  }
  const pglite = await PGlite.create({
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: new Blob([dump]),
    extensions: { pg_trgm },
  })
  await pglite.close()
  if (manifest.uploads)
    await cp(path.join(fromDir, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true })
  else await rm(path.join(dataDir, 'uploads'), { recursive: true, force: true })
  return manifest
}
