import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import { normalizeEmail } from '@app/shared'
import { HttpError, unprocessable } from '../../lib/errors.js'

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs'
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com']

export interface GoogleIdentity {
  sub: string
  email: string
  name: string
}

/**
 * Checks a Google ID token: RS256 signature against the keys published at
 * `jwksUrl` (fetched once and cached by jose, refetched on an unknown key id),
 * audience = our client id, issuer = Google, not expired, and a verified email.
 */
export function googleVerifier(clientId: string, jwksUrl = GOOGLE_JWKS_URL) {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 })
  return async function verify(credential: string): Promise<GoogleIdentity> {
    let payload
    try {
      ;({ payload } = await jwtVerify(credential, keys, {
        audience: clientId,
        issuer: GOOGLE_ISSUERS,
        algorithms: ['RS256'],
        clockTolerance: 30,
        requiredClaims: ['sub', 'exp', 'email'],
      }))
    } catch (err) {
      // Google's keys out of reach is our problem, not the caller's: 503, not "invalid token".
      const keysUnreachable =
        err instanceof errors.JWKSTimeout || !(err instanceof errors.JOSEError) || err.code === 'ERR_JOSE_GENERIC'
      if (keysUnreachable) throw new HttpError(503, 'google_unavailable')
      throw unprocessable({ credential: ['google_token_invalid'] }, 'google_token_invalid')
    }
    const email = typeof payload.email === 'string' ? normalizeEmail(payload.email) : ''
    if (!email || payload.email_verified !== true) {
      throw unprocessable({ credential: ['google_email_unverified'] }, 'google_email_unverified')
    }
    const name =
      typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 191) : email.split('@')[0]!
    return { sub: String(payload.sub), email, name }
  }
}
