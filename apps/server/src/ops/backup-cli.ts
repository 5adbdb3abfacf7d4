// npm run backup [-- <out dir>] · npm run restore -- <backup dir>
import path from 'node:path'
import { loadConfig } from '../config'
import { backupDataDir, restoreDataDir } from './backup'

const [command, target] = process.argv.slice(2)
const config = loadConfig()

try {
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump / pg_restore instead.')
  }
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const out = path.resolve(target ?? path.join('backups', `vouched-${stamp}`))
    await backupDataDir(config.dataDir, out)
    console.log(`Backup of ${config.dataDir} written to ${out}`)
  } else if (command === 'restore') {
    if (!target) throw new Error('Usage: npm run restore -- <backup dir>')
    await restoreDataDir(config.dataDir, path.resolve(target))
    console.log(`Restored ${config.dataDir} from ${path.resolve(target)} (the previous data was kept aside)`)
  } else {
    throw new Error('Usage: backup-cli.ts backup [dir] | restore <dir>')
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
