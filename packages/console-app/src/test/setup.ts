// DOM matchers (toBeVisible, toHaveAccessibleName…): tests assert what the user sees, not that a query returned.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { freshJsdom } from '../../../../scripts/freshJsdom.js';

// findBy/waitFor wait for what the user would see; their 1 s default is a time limit on a busy 2-core machine.
configure({ asyncUtilTimeout: 60_000 });

freshJsdom();

// The contract's Indonesian error texts and console-ui's Indonesian messages are chunks of their own (issue 33) that
// the app loads before it shows Indonesian (boot.tsx, AppLanguageProvider); tests set the stored language directly,
// so they are loaded up front.
await (await import('../i18n.js')).languageReady('id');
