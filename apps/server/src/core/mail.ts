import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '../config'

export type Mail = { to: string; subject: string; text: string; html?: string }
export type Mailer = { send: (mail: Mail) => Promise<void>; outboxDir: string | undefined }

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written to $DATA_DIR/outbox as an .eml file,
 * so a fresh install can still complete password resets and email verification.
 */
export function createMailer(config: Config, logger: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      outboxDir: undefined,
      send: async (mail) => {
        await transport.sendMail({ from: config.mailFrom, ...mail })
        logger.info({ subject: mail.subject }, 'mail sent')
      },
    }
  }
  const outboxDir = path.join(config.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    outboxDir,
    send: async (mail) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail })
      await mkdir(outboxDir, { recursive: true })
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`)
      await writeFile(file, info.message as Buffer)
      // The file holds a token or code; the log names only the file.
      logger.info({ subject: mail.subject, file }, 'mail written to outbox')
    },
  }
}

/** Mails that leave after the answer; closing the app waits for the ones still under way. */
export type BackgroundMail = {
  /** Runs `compose` (which may read the database) and sends what it returns; failures are logged. */
  send: (compose: () => Promise<Mail | null>) => void
  drain: () => Promise<void>
}

/**
 * A security notice must not hold a sign-in while the mail server is slow, nor fail it when the server
 * is down: it is sent beside the answer, and a failure is logged without the mail's text.
 */
export function createBackgroundMail(mailer: Mailer, logger: FastifyBaseLogger): BackgroundMail {
  const pending = new Set<Promise<void>>()
  return {
    send(compose) {
      const work = compose()
        .then((mail) => (mail ? mailer.send(mail) : undefined))
        .catch((error: unknown) => logger.error({ err: error }, 'background mail failed'))
        .finally(() => pending.delete(work))
      pending.add(work)
    },
    drain: async () => {
      await Promise.allSettled([...pending])
    },
  }
}
