/**
 * The one theme file. Readout is dark only: radiologists read images in dim rooms, so the
 * surfaces are deep blue-greys (not pure black, which makes bright text glare), text keeps
 * WCAG AA contrast or better on every surface, and colour is reserved for meaning (priority,
 * recording, errors). index.html sets `class="dark"` so Chakra's own recipes take their dark
 * values; the semantic tokens below give both conditions the same dark value, so nothing can
 * render light by accident.
 */
import {
  createSystem,
  defaultConfig,
  defineConfig,
  defineRecipe,
  type SystemContext,
} from '@chakra-ui/react'

/** A cool grey with a hint of blue: calmer than neutral grey under long reading sessions. */
const ink = {
  50: { value: '#f1f4f8' },
  100: { value: '#e2e8f0' },
  200: { value: '#cbd5e1' },
  300: { value: '#aab6c5' },
  400: { value: '#8d9bad' },
  500: { value: '#6b7a8f' },
  600: { value: '#4f5d70' },
  700: { value: '#3a4656' },
  800: { value: '#273140' },
  900: { value: '#19212c' },
  950: { value: '#10161e' },
}

/** Same value in both colour modes: the app is dark whatever the OS prefers. */
const dark = (value: string) => ({ value: { _light: value, _dark: value } })

/**
 * UI-1: a disabled button looks disabled. Chakra only halves its opacity, and a halved teal on
 * these dark surfaces still reads as a button to press; so a disabled button loses its colour:
 * filled ones turn grey (fg.subtle on bg.emphasized, about 4.6:1, still readable), outlined and
 * bare ones keep only muted text, and the pointer says not-allowed. Opaque, so the contrast holds.
 */
const DISABLED_FILLED = { bg: 'bg.emphasized', color: 'fg.subtle', borderColor: 'transparent' }
const DISABLED_BARE = { bg: 'transparent', color: 'fg.subtle' }
const buttonRecipe = defineRecipe({
  base: { _disabled: { opacity: '1', cursor: 'not-allowed', shadow: 'none' } },
  variants: {
    variant: {
      solid: { _disabled: DISABLED_FILLED },
      subtle: { _disabled: DISABLED_FILLED },
      surface: { _disabled: DISABLED_FILLED },
      outline: { _disabled: { ...DISABLED_BARE, borderColor: 'border' } },
      ghost: { _disabled: DISABLED_BARE },
      plain: { _disabled: DISABLED_BARE },
    },
  },
})

const config = defineConfig({
  globalCss: {
    'html, body': {
      bg: 'bg',
      color: 'fg',
      colorScheme: 'dark',
    },
  },
  theme: {
    recipes: { button: buttonRecipe },
    tokens: {
      colors: { gray: ink },
      fonts: {
        body: { value: 'Inter, "Segoe UI", system-ui, -apple-system, sans-serif' },
        heading: { value: 'Inter, "Segoe UI", system-ui, -apple-system, sans-serif' },
      },
      // ED-11: no text of the product is smaller than 12 px (read at arm's length, in dim rooms);
      // Chakra's 2xs (10 px: xs badges, 2xs buttons) is held at xs.
      fontSizes: { '2xs': { value: '0.75rem' } },
    },
    semanticTokens: {
      colors: {
        bg: {
          DEFAULT: dark('#0b0f14'),
          subtle: dark('{colors.gray.950}'),
          muted: dark('{colors.gray.900}'),
          emphasized: dark('{colors.gray.800}'),
          panel: dark('{colors.gray.950}'),
        },
        fg: {
          // #e2e8f0 on #0b0f14 is about 15:1; muted about 9:1, subtle about 6.5:1 (AA is 4.5:1).
          DEFAULT: dark('{colors.gray.100}'),
          muted: dark('{colors.gray.300}'),
          subtle: dark('{colors.gray.400}'),
        },
        border: {
          DEFAULT: dark('{colors.gray.800}'),
          muted: dark('{colors.gray.900}'),
          subtle: dark('{colors.gray.900}'),
          emphasized: dark('{colors.gray.700}'),
        },
        // The interactive accent, usable as `colorPalette="brand"` on any Chakra component.
        brand: {
          solid: dark('{colors.teal.500}'),
          contrast: dark('{colors.gray.950}'),
          fg: dark('{colors.teal.300}'),
          muted: dark('{colors.teal.800}'),
          subtle: dark('{colors.teal.900}'),
          emphasized: dark('{colors.teal.700}'),
          focusRing: dark('{colors.teal.400}'),
        },
        // Worklist priority badges: stat red, urgent yellow, routine green (WS-5).
        priority: {
          stat: dark('{colors.red.400}'),
          urgent: dark('{colors.yellow.300}'),
          routine: dark('{colors.green.400}'),
        },
      },
    },
  },
})

let built: SystemContext | undefined

/**
 * The theme, built on first use (at the first render) rather than as the bundle loads: building
 * Chakra's token dictionary is the first screen's largest single piece of work, and a returning
 * clinician's first requests leave before it (src/app/earlyRequests.ts).
 */
export function appSystem(): SystemContext {
  built ??= createSystem(defaultConfig, config)
  return built
}
