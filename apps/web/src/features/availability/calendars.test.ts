import { describe, expect, it } from 'vitest'
import { roomCalendar, trainCalendar, transportationCalendar } from './calendars'

describe('the calendars declarations (issue 33, "Phone": the shapes load with the range dialog)', () => {
  it.each([roomCalendar, transportationCalendar, trainCalendar])("names the shape's item parameter: $name", async (def) => {
    const shape = await def.loadShape()
    expect(def.item).toBe(shape.item)
    // Every value the calendar shows and writes is in the shape the dialog checks with.
    for (const v of def.values) expect(Object.keys(shape.values)).toContain(v.key)
  })
})
