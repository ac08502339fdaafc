import { describe, expect, it } from 'vitest'
import { csvLine } from './csv.js'

describe('csv cells', () => {
  it('keeps text a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    expect(csvLine([-39.8262, '-cmd', '=1+1', '@SUM(A1)', 'plain, "quoted"', null])).toBe(
      `-39.8262,'-cmd,'=1+1,'@SUM(A1),"plain, ""quoted""",\r\n`,
    )
  })
})
