import { describe, expect, it } from 'vitest'
import { csvLine } from './csv.js'

describe('csv cells', () => {
  it('keeps text a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    expect(csvLine([-39.8262, '-cmd', '=1+1', '@SUM(A1)', 'plain, "quoted"', null])).toBe(
      `-39.8262,'-cmd,'=1+1,'@SUM(A1),"plain, ""quoted""",\r\n`,
    )
  })

  it('neutralises a formula after any separator Excel may use (issue 31)', () => {
    expect(csvLine(["x;=cmd|' /C calc'!A0", 'a\t+1', 'a|@x', 'a; "-2', 'Hotel Makkah', 12])).toBe(
      `x;'=cmd|' /C calc'!A0,a\t'+1,a|'@x,"a; ""'-2",Hotel Makkah,12\r\n`,
    )
  })
})
