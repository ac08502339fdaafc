import 'dotenv/config'
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { LOCALES } from '@app/shared'

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    })

const boolEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** The address names proxy-addr (Fastify's `trustProxy`) knows besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])
function isProxyAddress(v: string): boolean {
  if (PROXY_NAMES.has(v)) return true
  const [ip, bits, ...rest] = v.split('/')
  const family = net.isIP(ip ?? '')
  if (!family || rest.length) return false
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
}

/**
 * What Fastify's `trustProxy` takes (issue 31): `true`/`false` (and `1`/`0`, `yes`/`no`) as before, or the
 * addresses and CIDRs of the proxies, comma-separated, so only the address the nearest trusted proxy saw
 * counts. A bare hop count is refused: Fastify 5.12 no longer types it and treats it as trusting nothing,
 * since a count cannot tell a proxy from a client that reached the server directly (docs/decisions/hardening.md).
 */
const trustProxyEnv = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): boolean | string[] => {
    const value = (v ?? '').toLowerCase()
    if (['', 'false', 'no', '0'].includes(value)) return false
    if (['true', 'yes', '1'].includes(value)) return true
    const list = value.split(',').map((x) => x.trim())
    const wrong = list.find((x) => !isProxyAddress(x))
    if (wrong === undefined) return list
    ctx.addIssue({
      code: 'custom',
      message: /^\d+$/.test(value)
        ? 'takes the addresses or CIDRs of the proxies (e.g. loopback), not a hop count'
        : `takes true, false or the proxies' addresses/CIDRs separated by commas; "${wrong}" is none of these`,
    })
    return z.NEVER
  })

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  /** Connections the server keeps to PostgreSQL (one pool per server process). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** PGlite on its own thread (db/pglite-proxy.ts); `0` keeps it on the HTTP thread. */
  PGLITE_WORKER: boolEnv.default(true),
  APP_URL: z.url().optional(),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Travel Back Office <no-reply@localhost>'),
  DEFAULT_LOCALE: z.enum(LOCALES).default('en'),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  /** Prefix of every Redis key (rate limits), so several deployments or test runs can share one Redis. */
  REDIS_PREFIX: z.string().max(100).default('tbo:'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_S3_BUCKET: z.string().optional(),
  STORAGE_S3_ENDPOINT: optionalUrl(['http://', 'https://']),
  STORAGE_S3_REGION: z.string().optional(),
  STORAGE_S3_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_S3_FORCE_PATH_STYLE: boolEnv.default(false),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  GOOGLE_CLIENT_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  GOOGLE_JWKS_URL: z.url().optional(),
  SEED_DEMO: boolEnv.default(true),
  /** The platform operator (DESIGN §1), created at start only when both are set. */
  PLATFORM_ADMIN_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PLATFORM_ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 8, { message: 'must be at least 8 characters' }),
  TRUST_PROXY: trustProxyEnv,
  /** The whole request, headers and body, must arrive within this (docs/decisions/hardening.md). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Storage per company for uploaded files, in MB; 0 = no quota (docs/decisions/hardening.md). */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  /** Files one company may upload per minute; 0 = no limit. */
  UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
})

export type Config = z.infer<typeof configSchema> & { dataDir: string; appUrl: string }

export class ConfigError extends Error {}

/** Reads and checks the environment; a wrong value names its variable in one line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`)
  }
  const c = parsed.data
  if (!c.PLATFORM_ADMIN_EMAIL !== !c.PLATFORM_ADMIN_PASSWORD)
    throw new ConfigError(
      'Invalid configuration: PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD are set together or not at all',
    )
  if (c.STORAGE_DRIVER === 's3' && !c.STORAGE_S3_BUCKET) {
    throw new ConfigError('Invalid configuration: STORAGE_S3_BUCKET is required when STORAGE_DRIVER=s3')
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  }
}
