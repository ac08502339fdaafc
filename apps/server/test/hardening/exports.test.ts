/**
 * Exports check everything they use before the first byte (issue 12): every
 * export route of the table, given hostile query values, answers either a whole
 * file (200) or the one error shape (4xx), never a 200 cut after the header row.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app.js'
import { createCompany } from '../helpers/fixtures.js'

const t = await buildTestApp()
afterAll(() => t.close())
const { owner } = await createCompany(t.app)
const exportsRoutes = t.app.apiRoutes.filter((r) => r.method === 'GET' && r.url.endsWith('/export'))

const hostile = [
  'search=%00',
  'search=a%00b',
  'search=%ff%fe',
  'search=%ed%a0%80',
  `search=${'x'.repeat(201)}`,
  'search=%25%5C_',
  'search[]=a',
  'search=a&search=b',
  'format=xlsx',
  'format=csv',
  'format=pdf',
  'format=%00',
  'tz=Mars%2FOlympus',
  'tz=%00',
  'is_active=maybe',
  'is_company=%00',
  'group_id=0x1',
  'group_id=%00',
  'type=%00',
  'group_name=%00',
]

/** A whole body: a CSV ends with a line break; an xlsx is a zip whose end record is there. */
function complete(contentType: string, raw: Buffer): boolean {
  if (contentType.startsWith('text/csv')) return raw.length > 0 && raw.subarray(-2).toString() === '\r\n'
  const eocd = raw.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  return eocd >= 0 && eocd >= raw.length - 22 - 0xffff
}

describe('exports', () => {
  it('are in the route table', () => {
    expect(exportsRoutes.length).toBeGreaterThanOrEqual(5)
  })

  it.each(exportsRoutes.map((r) => [r.url] as const))('%s: a whole file or a 4xx error shape for hostile input', async (url) => {
    for (const q of hostile) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?${q}`, headers: owner.headers })
      const where = `${url}?${q.slice(0, 40)} -> ${res.statusCode}`
      expect(res.statusCode, where).toBeLessThan(500)
      if (res.statusCode === 200) {
        expect(complete(String(res.headers['content-type']), res.rawPayload), `${where}: cut body`).toBe(true)
      } else {
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400)
        const body = res.json()
        expect(typeof body.message, where).toBe('string')
        expect(
          Object.keys(body).filter((k) => k !== 'message' && k !== 'errors'),
          where,
        ).toEqual([])
      }
    }
    // A NUL byte names its field.
    const nul = await t.app.inject({ method: 'GET', url: `${url}?search=%00`, headers: owner.headers })
    expect(nul.statusCode).toBe(422)
    expect(Object.keys(nul.json().errors)).toEqual(['search'])
  })
})
