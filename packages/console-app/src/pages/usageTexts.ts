import { defineTexts } from '../i18n.js';

/** Usage Statistics' texts beyond the shell's `usage` catalogue in i18n.tsx. */
export const USAGE_TEXTS = defineTexts({
  pageNotNamed: [
    (permissionKey: string) => `(page not named) · ${permissionKey}`,
    (permissionKey: string) => `(halaman tanpa nama) · ${permissionKey}`,
  ],
});
