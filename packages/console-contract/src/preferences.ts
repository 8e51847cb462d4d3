import { z } from './zod.js';

/** The languages of the app's own texts; the spec's fixed strings stay as the spec writes them in both. */
export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** `system` follows the browser's prefers-color-scheme, live. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const DEFAULT_PREFERENCES = { language: 'en', theme: 'system' } as const satisfies {
  language: Language;
  theme: ThemeChoice;
};

/** `GET /api/me/preferences` (any signed-in user): the caller's own choices, defaults until first saved. */
export const userPreferencesSchema = z.object({
  language: z.enum(LANGUAGES),
  theme: z.enum(THEME_CHOICES),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** `PUT /api/me/preferences`: either or both; what is left out keeps its saved value. */
export const userPreferencesUpdateSchema = z.strictObject({
  language: z.optional(z.enum(LANGUAGES, { message: 'Language must be one of: id, en' })),
  theme: z.optional(z.enum(THEME_CHOICES, { message: 'Theme must be one of: system, light, dark' })),
});
export type UserPreferencesUpdate = z.infer<typeof userPreferencesUpdateSchema>;
