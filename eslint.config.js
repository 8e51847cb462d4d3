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
  {
    // console-ui is embeddable: it must not reach for the app's HTTP client, router or socket.
    files: ['packages/console-ui/src/**/*.{ts,tsx}'],
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
