import { createTheme, darken, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

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
  // Shade 8 (#006aaf): white text on it reads at 5.6:1 (shade 6 was 3.7:1, under WCAG AA's 4.5).
  primaryShade: { light: 8, dark: 8 },
  // A filled button in a light colour (orange "Duplicate", green "Complete") gets dark text: white on orange.8
  // reads 3.6:1 and on green.8 3.5:1; dark text there reads 5.9–6.1:1. Blue and red (luminance under 0.2) keep
  // white (5.6:1, 4.5:1).
  autoContrast: true,
  luminanceThreshold: 0.2,
  colors: { ocean },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // A reader whose system asks for reduced motion gets dialogs, menus, popovers and notifications
  // without their transitions (Mantine ignores the preference unless told); the browser tests ask for it too.
  respectReducedMotion: true,
  components: {
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // A searchable select opens its list when clicked, typed in or on ArrowDown, not merely focused: a dialog
    // whose first field is a select (rooms, attributes) focuses it on opening, and its list popping open there
    // took the first Escape, so Escape did not close the dialog.
    // The list of options is drawn when it opens, not kept in the page hidden from the start (Mantine's Combobox
    // default): a form's selects each drew their whole list and placed it with floating-ui as they mounted, a
    // forced style recalculation each (issue 33, "Phone"). The list still opens in a portal.
    Select: { defaultProps: { openOnFocus: false, comboboxProps: { keepMounted: false } } },
    MultiSelect: { defaultProps: { openOnFocus: false, comboboxProps: { keepMounted: false } } },
  },
})

/** Dimmed text one grey darker than Mantine's (gray.6 is 3.3:1 on white; gray.7 passes AA). */
/**
 * Text on the "light" variant (badges, avatars, alerts) a shade darker than Mantine's: its shade 9
 * on the pale background reads at 3.3–3.8:1 (green, orange, lime); darkened by 30% it passes AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7],
    // Placeholders (e.g. a date field's DD-MM-YYYY) at 4.7:1 on white instead of gray.5's 2.1:1 (axe, WCAG 1.4.3),
    // still lighter than a value.
    '--mantine-color-placeholder': '#6c757d',
    ...Object.fromEntries(
      Object.entries(theme.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)]),
    ),
  },
  dark: {},
})
