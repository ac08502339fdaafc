import { createHash, randomBytes } from 'node:crypto'

/** A random opaque token (256 bits) for sessions, activation and reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this hash is stored, so a database leak gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
