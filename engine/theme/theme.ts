import { createTheme, type CSSVariablesResolver, type MantineColor } from '@mantine/core';
import type { PortalConfig } from '../session/types.ts';

// White text needs a 4.5:1 contrast on filled buttons (WCAG AA): light hues need their darkest shade.
const LIGHT_HUES = new Set(['teal', 'green', 'cyan', 'lime', 'yellow', 'orange']);

/** The tenant's colours on Mantine's theme; every component picks them up. */
export function themeFor(config: PortalConfig | null) {
  const primaryColor = (config?.theme.primaryColor ?? 'indigo') as MantineColor;
  const shade = LIGHT_HUES.has(primaryColor) ? 9 : 8;
  return createTheme({
    primaryColor,
    primaryShade: { light: shade, dark: shade },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    defaultRadius: 'md',
  });
}

const CONTRAST_HUES = ['green', 'gray', 'red', 'yellow', 'orange', 'blue', 'teal', 'indigo', 'cyan', 'grape', 'violet'];

/**
 * WCAG AA: Mantine's dimmed grey, its field-error red and the text of light badges (the hue's
 * 6th shade on its tint) fall under 4.5:1 on white; darker shades keep them readable.
 */
export const contrastVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      CONTRAST_HUES.map((hue) => [`--mantine-color-${hue}-light-color`, `color-mix(in srgb, var(--mantine-color-${hue}-9) 65%, black)`]),
    ),
  },
  dark: {},
});
