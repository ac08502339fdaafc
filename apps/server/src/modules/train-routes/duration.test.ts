import { describe, expect, it } from 'vitest'
import { trainDurationHours } from '@app/shared'

/** The route duration (checklist F-06): hours with two decimals, an earlier arrival is the next day. */
describe('trainDurationHours', () => {
  it.each([
    // same day
    ['09:00', '11:30', 2.5],
    ['00:00', '23:59', 23.98],
    ['06:15', '08:45', 2.5],
    // overnight: the arrival is on the next day
    ['22:30', '01:15', 2.75],
    ['23:00', '01:30', 2.5],
    ['23:59', '00:00', 0.02],
    ['12:00', '11:59', 23.98],
    // minutes rounded to two decimals of an hour
    ['10:00', '10:01', 0.02],
    ['10:00', '10:10', 0.17],
    ['10:00', '10:20', 0.33],
    ['10:00', '10:40', 0.67],
    ['10:00', '10:50', 0.83],
    ['08:07', '10:00', 1.88],
  ])('%s -> %s is %s hours', (departure, arrival, hours) => {
    expect(trainDurationHours(departure, arrival)).toBe(hours)
  })

  it.each([
    // equal times: a 24-hour ride or a typo, refused by the form and the server
    ['10:00', '10:00'],
    ['00:00', '00:00'],
    // not HH:mm
    ['24:00', '01:00'],
    ['7pm', '09:00'],
    ['9:5', '10:00'],
    ['09:00', '09:60'],
    ['', '09:00'],
  ])('%s -> %s has no duration', (departure, arrival) => {
    expect(trainDurationHours(departure, arrival)).toBeNull()
  })
})
