import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pino from 'pino'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { migrateDatabase, openDatabase } from './db/client'
import { seedDemoData } from './seed/demo-data'
import { ensureAdminAccount } from './features/auth/auth.service'
import { PID_FILE } from './ops/backup'

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
    ...(config.env === 'production'
      ? {}
      : {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }),
  })

  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  )
  // The embedded database is single-process: the pid file tells backup/restore to wait.
  const pidFile = config.databaseUrl ? undefined : path.join(config.dataDir, PID_FILE)
  if (pidFile) await writeFile(pidFile, String(process.pid))
  await migrateDatabase(database)
  await ensureAdminAccount(database.db, config)
  const seeded = config.seedDemo ? await seedDemoData(database.db, config) : undefined

  const app = await buildApp({ database, config, logger })
  await app.listen({ port: config.port, host: config.host })
  const url = config.publicUrl
  logger.info(`Vouched is running at ${url}`)
  if (seeded) logger.info(`Demo sign-in: username "${seeded.username}", password "${seeded.password}"`)
  if (!config.webDist) logger.warn('The web client is not built (npm run build): only the API is served')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    logger.info(`${signal} received: finishing requests in flight`)
    try {
      await app.close()
      await database.close()
      if (pidFile) await rm(pidFile, { force: true })
      process.exit(0)
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

await main()
