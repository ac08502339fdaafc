/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest'
import i18n from '../../i18n'
import { showServerErrors } from './form-errors'

vi.mock('../../lib/notify', () => ({ notifyError: vi.fn() }))

const refused = {
  status: 409,
  message: 'Some days already have more booked than this allows',
  errors: { capacity: ['2027-02-10', '2027-02-11'] },
  booked: [
    { date: '2027-02-10', booked: 3 },
    { date: '2027-02-11', booked: 1 },
  ],
}

afterEach(() => i18n.changeLanguage('en'))

describe('showServerErrors', () => {
  it.each([
    ['en', 'Some days already have more booked than this allows: 10-02-2027 (3 booked), 11-02-2027 (1 booked)'],
    ['id', 'Some days already have more booked than this allows: 10-02-2027 (3 dipesan), 11-02-2027 (1 dipesan)'],
  ])(
    'puts a refused capacity on its field with the reason and each day DD-MM-YYYY with its booked count (%s)',
    async (lang, text) => {
      await i18n.changeLanguage(lang)
      const setErrors = vi.fn()
      showServerErrors({ form: { setErrors }, error: refused, fieldOf: (k) => k, failedTitle: 'Failed' })
      expect(setErrors).toHaveBeenCalledWith({ capacity: text })
    },
  )

  it('keeps a plain field error as the server wrote it', () => {
    const setErrors = vi.fn()
    const error = { status: 409, message: 'Name in Used', errors: { name: ['Name in Used'] } }
    showServerErrors({ form: { setErrors }, error, fieldOf: (k) => k, failedTitle: 'Failed' })
    expect(setErrors).toHaveBeenCalledWith({ name: 'Name in Used' })
  })
})
