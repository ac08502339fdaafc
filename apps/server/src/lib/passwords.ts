import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id (DESIGN §4) with OWASP's second recommended profile: 19 MiB, t=2, p=1.
 * Tests may lower the cost through ARGON2_FAST=1 (never in production).
 */
const fast = process.env.ARGON2_FAST === '1' && process.env.NODE_ENV !== 'production'
export const ARGON2_OPTIONS = fast
  ? { memoryCost: 1024, timeCost: 1, parallelism: 1 }
  : { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...ARGON2_OPTIONS, algorithm: 2 })
}

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) return false
  try {
    return await verify(hashed, password)
  } catch {
    return false
  }
}

/** Spent on unknown emails so that timing does not tell which emails exist. */
let dummy: Promise<string> | undefined
export async function burnPasswordCheck(password: string) {
  dummy ??= hashPassword('dummy-password-for-timing')
  await verifyPassword(await dummy, password)
}
