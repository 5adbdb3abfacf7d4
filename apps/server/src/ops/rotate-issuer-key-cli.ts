// npm run rotate-issuer-key: retires the credential signing key and makes a new one (docs/decisions/135).
// The embedded database is single-process: stop the server first. On PostgreSQL it may run beside the
// servers, which sign with the new key within a minute (they read the active key at most once a minute).
import { loadConfig } from '../config'
import { migrateDatabase, openDatabase } from '../db/client'
import { didForUrl, rotateIssuerKey } from '../features/credentials/credentials.issuer'

const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
)
try {
  await migrateDatabase(database)
  const { retired, active } = await rotateIssuerKey(database.db)
  const did = didForUrl(config.publicUrl)
  console.log(
    `${did}: signing with #key-${active} from now on` +
      (retired === null
        ? '.'
        : `; #key-${retired} is retired and stays listed, so what it signed still verifies.`),
  )
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
} finally {
  await database.close()
}
