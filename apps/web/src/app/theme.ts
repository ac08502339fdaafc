import { createTheme, type MantineColorsTuple } from '@mantine/core'

/** A calm ocean blue for a travel business; everything else is Mantine's defaults. */
const ocean: MantineColorsTuple = [
  '#e6f6ff',
  '#d0e9fb',
  '#a3d0f1',
  '#72b6e8',
  '#4a9fe0',
  '#3191dc',
  '#1f8adb',
  '#0b77c3',
  '#006aaf',
  '#005b9b',
]

export const theme = createTheme({
  primaryColor: 'ocean',
  colors: { ocean },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
})
