import { hash, randomBytes } from 'node:crypto'

/** A random opaque token (256 bits) for sessions, activation and reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this hash is stored, so a database leak gives no usable token. */
export function hashToken(token: string): string {
  // One call, no Hash object: every signed-in request hashes its token (about half the time of createHash).
  return hash('sha256', token, 'hex')
}
