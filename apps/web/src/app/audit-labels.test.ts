import { beforeAll, describe, expect, it } from 'vitest'
import i18n, { loadAppTexts, loadLanguage } from '../i18n'
import { auditFieldLabel } from '../components/audit/labels'
import type { ResourceDefinition, ResourceRow } from '../components/resource/define'
import { resourceLabels } from '../components/resource/labels'

/*
 * The audit screen names a changed field as the record's own form does (issue 30's screen, left with raw keys):
 * every declared resource, every field it labels by convention, in both languages. It lives in app/, which may
 * read every feature's declaration.
 */
const modules = import.meta.glob<{ default: unknown }>('../features/**/*.resource.{ts,tsx}', { eager: true })
const resources = Object.values(modules)
  .map((m) => m.default)
  .filter((d): d is ResourceDefinition<ResourceRow> => !!d && typeof d === 'object' && 'fields' in d && 'permission' in d)

beforeAll(async () => {
  await loadLanguage('en')
  await loadAppTexts()
  await loadLanguage('id')
})

describe('auditFieldLabel', () => {
  it('reads every resource declaration', () => {
    expect(resources.map((r) => r.name)).toEqual(
      expect.arrayContaining(['hotels', 'rooms', 'categories', 'trains_route', 'pilgrims']),
    )
  })

  for (const lng of ['en', 'id'] as const) {
    it(`names each field as its form does, in ${lng}`, () => {
      const t = i18n.getFixedT(lng)
      const mismatches: string[] = []
      for (const r of resources) {
        const labels = resourceLabels(r, t)
        for (const f of r.fields ?? []) {
          if (f.labelKey || f.name.includes('.')) continue
          const form = labels.field(f.name)
          const audit = auditFieldLabel(t, r.permission, f.name)
          if (audit !== form) mismatches.push(`${r.permission}.${f.name}: ${audit} / ${form}`)
        }
      }
      expect(mismatches).toEqual([])
    })
  }

  it('names the sign-in rows and shared fields in the reader language, and makes an unknown key readable', () => {
    const id = i18n.getFixedT('id')
    expect(auditFieldLabel(id, 'hotel', 'name')).toBe(resourceLabels({ name: 'hotels' } as never, id).field('name'))
    expect(auditFieldLabel(i18n.getFixedT('en'), 'session', 'user_agent')).toBe('User agent')
    expect(auditFieldLabel(i18n.getFixedT('en'), 'order_hotel', 'some_new_key')).toBe('Some New Key')
  })

  it("names a calendar's range write and a desk's order as their screens do", () => {
    for (const lng of ['en', 'id'] as const) {
      const t = i18n.getFixedT(lng)
      expect(auditFieldLabel(t, 'room', 'price', 'range')).toBe(t('availability.fields.price'))
      expect(auditFieldLabel(t, 'order_hotel', 'customer', 'create')).toBe(t('orders.fields.customer'))
    }
  })
})
