/**
 * Design tokens. Components read them only as CSS custom properties (`var(--cui-…, fallback)`), never from JS;
 * the fallback is the light token, so a component rendered without the provider is still legible.
 */
export interface ThemeTokens {
  colorBg: string;
  colorSurface: string;
  colorSurfaceRaised: string;
  colorText: string;
  colorTextMuted: string;
  colorBorder: string;
  colorPrimary: string;
  colorPrimaryText: string;
  colorPrimarySoft: string;
  colorFocus: string;
  colorSuccess: string;
  colorInfo: string;
  colorWarning: string;
  colorDanger: string;
  colorSuccessSoft: string;
  colorInfoSoft: string;
  colorWarningSoft: string;
  colorDangerSoft: string;
  colorSidebarBg: string;
  colorSidebarText: string;
  colorSidebarActive: string;
  fontFamily: string;
  fontSizeSm: string;
  fontSizeMd: string;
  fontSizeLg: string;
  fontSizeXl: string;
  radiusSm: string;
  radiusMd: string;
  space1: string;
  space2: string;
  space3: string;
  space4: string;
  space6: string;
  shadowMd: string;
  sidebarWidth: string;
}

export type ThemeMode = 'light' | 'dark';

const shared = {
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Liberation Sans', sans-serif",
  fontSizeSm: '0.8125rem',
  fontSizeMd: '0.9375rem',
  fontSizeLg: '1.125rem',
  fontSizeXl: '1.5rem',
  radiusSm: '4px',
  radiusMd: '8px',
  space1: '4px',
  space2: '8px',
  space3: '12px',
  space4: '16px',
  space6: '24px',
  sidebarWidth: '264px',
};

// Text and state colours are chosen for WCAG AA contrast (4.5:1) on their backgrounds.
export const lightTokens: ThemeTokens = {
  ...shared,
  colorBg: '#f4f6f8',
  colorSurface: '#ffffff',
  colorSurfaceRaised: '#ffffff',
  colorText: '#1b2430',
  colorTextMuted: '#4f5b69',
  colorBorder: '#d5dbe2',
  colorPrimary: '#1f5fbf',
  colorPrimaryText: '#ffffff',
  colorPrimarySoft: '#e3edfb',
  colorFocus: '#1f5fbf',
  colorSuccess: '#1d6b3a',
  colorInfo: '#1f5fbf',
  colorWarning: '#8a5300',
  colorDanger: '#b42318',
  colorSuccessSoft: '#e5f4ea',
  colorInfoSoft: '#e3edfb',
  colorWarningSoft: '#fdf1dc',
  colorDangerSoft: '#fde8e6',
  colorSidebarBg: '#14213d',
  colorSidebarText: '#e8edf5',
  colorSidebarActive: '#2c4a85',
  shadowMd: '0 4px 16px rgba(20, 33, 61, 0.12)',
};

export const darkTokens: ThemeTokens = {
  ...shared,
  colorBg: '#0f141b',
  colorSurface: '#18202b',
  colorSurfaceRaised: '#1f2935',
  colorText: '#e6ebf1',
  colorTextMuted: '#a9b4c2',
  colorBorder: '#324050',
  colorPrimary: '#6ea8ff',
  colorPrimaryText: '#0b1220',
  colorPrimarySoft: '#1d2f4d',
  colorFocus: '#8fbcff',
  colorSuccess: '#6fd394',
  colorInfo: '#8fbcff',
  colorWarning: '#f3c26b',
  colorDanger: '#ff8a80',
  colorSuccessSoft: '#16301f',
  colorInfoSoft: '#1d2f4d',
  colorWarningSoft: '#3a2c12',
  colorDangerSoft: '#3d1d1b',
  colorSidebarBg: '#0b1017',
  colorSidebarText: '#e6ebf1',
  colorSidebarActive: '#23406f',
  shadowMd: '0 4px 16px rgba(0, 0, 0, 0.5)',
};

const toKebab = (name: string) => name.replace(/[A-Z0-9]+/g, (m) => `-${m.toLowerCase()}`);

/** The prefix of every class and custom property console-ui renders (`cui-data-table`, `--cui-color-bg`). */
export const CLASS_PREFIX = 'cui-';

/** `colorPrimary` → `--cui-color-primary`. */
export function tokenVar(name: keyof ThemeTokens): string {
  return `--cui-${toKebab(name)}`;
}

/**
 * `colorPrimary` → `--sc-color-primary`, the 1.0 name. The provider still sets these so host CSS written
 * against 1.0 keeps working.
 * @deprecated Read `tokenVar(name)` (`--cui-…`); the `--sc-…` variables go in 2.0.
 */
export function legacyTokenVar(name: keyof ThemeTokens): string {
  return `--sc-${toKebab(name)}`;
}

/** The CSS custom properties for a set of tokens, as a style object. */
export function tokensToCssVars(
  tokens: ThemeTokens,
  options: { legacy?: boolean } = {},
): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(tokens)) {
    vars[tokenVar(name as keyof ThemeTokens)] = value;
    if (options.legacy) vars[legacyTokenVar(name as keyof ThemeTokens)] = value;
  }
  return vars;
}

/**
 * `var(--cui-color-primary, #1f5fbf)`: what styled components interpolate. The fallback is the light token, so
 * nothing turns invisible when an embedder forgets the provider (the provider warns about that in development).
 */
export const t = new Proxy({} as Record<keyof ThemeTokens, string>, {
  get: (_target, name: string) => {
    const fallback = (lightTokens as unknown as Record<string, string | undefined>)[name];
    const variable = tokenVar(name as keyof ThemeTokens);
    return fallback === undefined ? `var(${variable})` : `var(${variable}, ${fallback})`;
  },
});
