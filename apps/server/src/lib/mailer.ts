import fs from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'
import { lazy } from './lazy.js'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** The one link the mail is about; logged when the mail only goes to the outbox. */
  link?: string
}

export interface Mailer {
  /** 'smtp' with SMTP_URL, otherwise 'outbox' (.eml files under DATA_DIR/outbox). */
  readonly kind: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
  /**
   * Sends in the background: the answer does not wait for the mail server (and
   * does not take longer when an account exists). Failures are logged.
   */
  queue(mail: Mail): void
  /** Waits for queued mails, then closes the transport. */
  close(): Promise<void>
}

/**
 * Mail through nodemailer (DESIGN §4). With SMTP_URL it goes to that server;
 * without it each mail is written to DATA_DIR/outbox/*.eml and its link is
 * logged, so the embedded default works offline.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>, log: FastifyBaseLogger): Mailer {
  const outbox = path.join(config.dataDir, 'outbox')
  // nodemailer loads with the first mail (lib/lazy.ts).
  let opened: Transporter | undefined
  const transport = lazy(async () => {
    const nodemailer = (await import('nodemailer')).default
    opened = config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    return opened
  })
  const kind = config.SMTP_URL ? 'smtp' : 'outbox'
  const inFlight = new Set<Promise<void>>()

  async function send(mail: Mail) {
    const info = await (
      await transport()
    ).sendMail({
      from: config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
    if (kind === 'outbox') {
      await fs.mkdir(outbox, { recursive: true })
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`)
      // Written aside, then renamed: whoever watches the outbox never reads half a mail.
      await fs.writeFile(`${file}.part`, (info as unknown as { message: Buffer }).message)
      await fs.rename(`${file}.part`, file)
      log.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, 'mail written to outbox (SMTP_URL not set)')
    } else {
      log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent')
    }
  }

  return {
    kind,
    send,
    queue(mail) {
      const p = send(mail)
        .catch((err: unknown) => log.error({ err, to: mail.to, subject: mail.subject }, 'mail failed'))
        .finally(() => inFlight.delete(p))
      inFlight.add(p)
    },
    async close() {
      await Promise.allSettled([...inFlight])
      opened?.close()
    },
  }
}
