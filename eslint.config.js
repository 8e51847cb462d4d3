import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** React's own code: the app's and the library's sources (the server and the contract hold no components). */
const REACT_FILES = [
  'packages/console-ui/**/*.{ts,tsx}',
  'packages/console-app/**/*.{ts,tsx}',
  '.storybook/**/*.tsx',
];
/** Tests and stories: render helpers and fixtures, not components React keeps or memoises. */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.stories.tsx', '**/test/**', '**/e2e/**', '**/bench/**'];

/** Relative paths into another package's folder: packages share code by their package names only. */
const OTHER_PACKAGES = (own) =>
  ['console-contract', 'console-ui', 'console-server', 'console-app']
    .filter((name) => name !== own)
    .map((name) => `**/${name}/**`);
const crossPackage = (own) => ({
  group: OTHER_PACKAGES(own),
  message: "A relative path into another package's source: import it by its package name (@staff/…).",
});
/** What console-ui's source may not import: the app's HTTP client, router and socket, and the console's contract. */
const UI_RESTRICTED_PATHS = [
  'axios',
  'react-router',
  'react-router-dom',
  'socket.io-client',
  {
    name: '@staff/console-contract',
    message:
      'console-ui is the embeddable library: the console contract reaches it as data (props), not by import.',
  },
];

const API_PATH_MESSAGE =
  "An '/api/…' path by hand: call the contract's endpoint (call / useEndpoint / requestOf).";
const API_PATHS_BY_HAND = [
  { selector: 'Literal[value=/^\\/api\\//]', message: API_PATH_MESSAGE },
  { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: API_PATH_MESSAGE },
];
/** Attributes people read or hear: a word in one of them is a word in one language only. */
const READ_ATTRIBUTES =
  '/^(label|placeholder|title|alt|aria-label|aria-description|aria-roledescription|aria-valuetext|description|emptyMessage|heading|caption)$/';
const WORDS_MESSAGE =
  "Words written in a page's JSX show in one language only: take them from the page's texts.ts.";
/** Where a string in JSX is shown: an element's child, or an attribute people read or hear. */
const SHOWN = ['JSXElement > JSXExpressionContainer', 'JSXFragment > JSXExpressionContainer'];
const READ = `JSXAttribute[name.name=${READ_ATTRIBUTES}]`;
const JSX_WORDS_BY_HAND = [
  'JSXText[value=/\\p{L}{2}/u]',
  `${READ} > Literal[value=/\\p{L}/u]`,
  `${READ} > JSXExpressionContainer > Literal[value=/\\p{L}/u]`,
  `${READ} > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/\\p{L}{2}/u]`,
  ...SHOWN.map((parent) => `${parent} > Literal[value=/\\p{L}/u]`),
  ...SHOWN.map((parent) => `${parent} > TemplateLiteral > TemplateElement[value.raw=/\\p{L}{2}/u]`),
  // One of two words by a condition (`{open ? 'Close' : 'Open'}`, `{error || 'Failed'}`).
  ...[...SHOWN, `${READ} > JSXExpressionContainer`].flatMap((parent) => [
    `${parent} > ConditionalExpression > Literal[value=/\\p{L}{2}/u]`,
    `${parent} > LogicalExpression > Literal[value=/\\p{L}{2}/u]`,
  ]),
].map((selector) => ({ selector, message: WORDS_MESSAGE }));

const {
  'react-hooks/rules-of-hooks': rulesOfHooks,
  'react-hooks/exhaustive-deps': exhaustiveDeps,
  ...compilerRules
} = reactHooks.configs.recommended.rules;

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'storybook-static/**',
      'data/**',
      '**/.turbo/**',
      '**/__screenshots__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: REACT_FILES,
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': rulesOfHooks,
      'react-hooks/exhaustive-deps': exhaustiveDeps,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The React Compiler's rules compile every function they see, which cost three quarters of the lint's time when
    // they also ran over tests and stories; they matter where React runs the code in the product.
    files: REACT_FILES,
    ignores: TEST_FILES,
    rules: compilerRules,
  },
  // Import boundaries (docs/adr/044): no package reaches into another's folder by a relative path; the contract
  // takes nothing of console-ui but its public types; console-ui imports nothing of the contract outside its
  // stories, fixtures and tests.
  {
    files: ['packages/console-contract/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@staff/console-ui',
              allowTypeImports: true,
              message: "The contract takes console-ui's types only (import type), nothing at run time.",
            },
          ],
          patterns: [
            crossPackage('console-contract'),
            {
              group: ['@staff/console-ui/*'],
              message: "Only console-ui's public entry: '@staff/console-ui'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/console-server/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [crossPackage('console-server')] }] },
  },
  {
    files: ['packages/console-app/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [crossPackage('console-app')] }] },
  },
  {
    // One door for data (docs/adr/050): the app reaches the server through the contract's endpoints and its one
    // client; an '/api/…' string anywhere else is a route written by hand.
    files: ['packages/console-app/src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, 'packages/console-app/src/api/client.ts'],
    rules: { 'no-restricted-syntax': ['error', ...API_PATHS_BY_HAND] },
  },
  {
    // Every visible string in both languages (issue 31): a page's JSX takes its words from its texts.ts, never
    // a literal (the English UI showed "Periode"). The same rule entry as above, plus the literals.
    files: ['packages/console-app/src/pages/**/*.tsx'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-syntax': ['error', ...API_PATHS_BY_HAND, ...JSX_WORDS_BY_HAND] },
  },
  {
    // console-ui is embeddable: it must not reach for the app's HTTP client, router or socket, nor the contract.
    files: ['packages/console-ui/src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, '**/*.fixtures.{ts,tsx}', '**/*.fixture.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: UI_RESTRICTED_PATHS, patterns: [crossPackage('console-ui')] },
      ],
    },
  },
  {
    // Stories and fixtures show the components with the console's real data (the contract's entities).
    files: ['packages/console-ui/src/**/*.stories.tsx', 'packages/console-ui/src/**/*.fixtures.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['axios', 'react-router', 'react-router-dom', 'socket.io-client'] },
      ],
    },
  },
  {
    // The ui tests share one window per worker (isolate: false) with the stories' plays: two user-event copies
    // on one document break each other's typing, so the tests use storybook/test's, as the plays do.
    files: ['packages/console-ui/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'axios',
            'react-router',
            'react-router-dom',
            'socket.io-client',
            { name: '@testing-library/user-event', message: "Use userEvent from 'storybook/test'." },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
