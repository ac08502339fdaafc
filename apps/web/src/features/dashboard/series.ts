/** Colours per series, in order (the theme's primary first). */
export const SERIES_COLORS = [
  'ocean.6',
  'teal.6',
  'violet.6',
  'orange.6',
  'pink.6',
  'lime.7',
  'indigo.6',
  'cyan.6',
  'grape.6',
  'yellow.7',
  'red.6',
  'blue.6',
]

export interface ChartSeries {
  key: string
  label: string
  color: string
}
