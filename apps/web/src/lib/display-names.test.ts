import { describe, expect, it } from 'vitest'
import i18n from 'i18next'
import en from '../i18n/locales/en/users.json'
import id from '../i18n/locales/id/users.json'
import { permissionLabel, roleLabel, splitPermission } from './display-names'

await i18n.init({
  resources: { en: { translation: en }, id: { translation: id } },
  lng: 'id',
  interpolation: { escapeValue: false },
})
const t = i18n.getFixedT('id')

describe('roleLabel', () => {
  it('translates a seeded role that keeps its seeded display name', () => {
    expect(roleLabel(t, { name: 'owner', display_name: 'Owner' })).toBe('Pemilik')
    expect(roleLabel(t, { name: 'finance' })).toBe('Keuangan')
  })

  it('shows a display name the company chose as written', () => {
    expect(roleLabel(t, { name: 'client', display_name: 'Klien VIP' })).toBe('Klien VIP')
    expect(roleLabel(t, { name: 'tour_leader', display_name: 'Tour Leader' })).toBe('Tour Leader')
    expect(roleLabel(t, { name: 'tour_leader' })).toBe('tour_leader')
  })
})

describe('permissionLabel', () => {
  it('names a catalogue permission by its entity and action', () => {
    expect(splitPermission('train_route_update')).toEqual({ entity: 'train_route', action: 'update' })
    expect(permissionLabel(t, { name: 'train_route_update', display_name: 'Train Route Update' })).toBe('Rute Kereta: Ubah')
    expect(permissionLabel(t, { name: 'group_attribute_list' })).toBe('Grup Atribut: Daftar')
  })

  it('keeps the stored name of a permission outside the catalogue', () => {
    expect(splitPermission('report_list')).toBeNull()
    expect(permissionLabel(t, { name: 'report_list', display_name: 'Report List' })).toBe('Report List')
  })
})
