import type { AddressInfo } from 'node:net'
import { domainToASCII } from 'node:url'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  envelopeTo: string[]
  headers: Record<string, string>
  subject: string
  /** Decoded text/plain part. */
  text: string
  /** Decoded text/html part. */
  html: string
  raw: string
}

export interface MailServer {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string
  mails: ReceivedMail[]
  /** The first mail (already received or arriving within `timeoutMs`) to `to` that passes `match`. */
  waitFor(to: string, match?: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(c, 'utf8'))
  }
  return Buffer.from(bytes)
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase()
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8')
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

/** `=?UTF-8?Q?Halo_dunia?=` and `=?UTF-8?B?...?=` words in a header. */
function decodeHeader(v: string): string {
  return v.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_, _cs: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  )
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const idx = part.search(/\r?\n\r?\n/)
  const head = idx < 0 ? part : part.slice(0, idx)
  const body = idx < 0 ? '' : part.slice(idx).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const c = line.indexOf(':')
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim()
  }
  return { headers, body }
}

/** Just enough MIME for our own mails: a single part or multipart/alternative of text and HTML. */
export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const { headers, body } = splitHeaders(raw)
  let text = ''
  let html = ''
  const type = headers['content-type'] ?? 'text/plain'
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1]
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((p) => !p.startsWith('--'))
        .map(splitHeaders)
    : [{ headers, body }]
  for (const p of parts) {
    const ct = (p.headers['content-type'] ?? 'text/plain').toLowerCase()
    const decoded = decodeBody(p.body.replace(/\r?\n$/, ''), p.headers['content-transfer-encoding'] ?? '7bit')
    if (ct.startsWith('text/html')) html = decoded
    else if (ct.startsWith('text/plain')) text = decoded
  }
  return { envelopeTo, headers, subject: decodeHeader(headers.subject ?? ''), text, html, raw }
}

/** nodemailer sends an international domain in Unicode (SMTPUTF8); we store and compare its ASCII form. */
function asciiAddress(address: string): string {
  const at = address.lastIndexOf('@')
  return `${address.slice(0, at)}@${domainToASCII(address.slice(at + 1))}`.toLowerCase()
}

/** The first account link (activation or reset) in a mail's text. */
export function linkIn(mail: ReceivedMail): URL {
  const m = mail.text.match(/https?:\/\/[^\s]+\/(?:activation|reset)\?[^\s]+/)
  if (!m) throw new Error(`no link in mail: ${mail.text}`)
  return new URL(m[0])
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps every mail it receives. */
export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => asciiAddress(r.address)),
          ),
        )
        for (const w of waiters) w()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(to, match = () => true, timeoutMs = 10_000) {
      const want = asciiAddress(to)
      const find = () => mails.find((m) => m.envelopeTo.includes(want) && match(m))
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find()
          if (found) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(found)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(
              `no mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => m.envelopeTo.join(',')).join('; ')})`,
            ),
          )
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
