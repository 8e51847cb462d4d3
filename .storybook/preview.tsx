import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { consoleMessages } from '../packages/console-ui/src/i18n/index.js';
import { ConsoleMessagesProvider, ConsoleThemeProvider } from '../packages/console-ui/src/theme/index.js';
import { DocsFocusGuard } from './docsFocusGuard.js';

// Plays wait for what the story shows: testing-library's 1 s default (and any shorter bound) is a time limit that
// fails on a busy machine. 60 s is a hang guard; plays that check a delay assert its lower bound themselves.
configure({ asyncUtilTimeout: 60_000 });

const preview: Preview = {
  // Every stories file gets a Docs page (props table, descriptions, each story) for embedders and designers.
  tags: ['autodocs'],
  parameters: {
    // Every story runs axe in the story tests; a violation fails the test.
    a11y: { test: 'error' },
    layout: 'padded',
    // Controls only for props a reader can usefully change on a Docs page or a canvas: callbacks (the Actions
    // panel shows them), render props, React nodes, message overrides, timings, refs and class names get none.
    controls: {
      exclude: /^(on[A-Z]\w*|render[A-Z]?\w*|children|className|style|messages|texts|delays|actorRef|ref)$/,
      sort: 'requiredFirst',
    },
  },
  globalTypes: {
    theme: {
      description: 'Light or dark tokens',
      toolbar: { title: 'Theme', items: ['light', 'dark'], dynamicTitle: true },
    },
    direction: {
      description: 'Text direction: right-to-left mirrors the layout',
      toolbar: { title: 'Direction', items: ['ltr', 'rtl'], dynamicTitle: true },
    },
    language: {
      description: "Component texts: each component's defaults, or the shipped Indonesian / English set",
      toolbar: { title: 'Language', items: ['default', 'id', 'en'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light', direction: 'ltr', language: 'default' },
  decorators: [
    // On a Docs page no story takes the focus when it appears (a dialog, an autoFocus field): the reader's place
    // stays where it is until they press a key or the pointer inside the story.
    (Story, context) =>
      context.viewMode === 'docs' ? (
        <DocsFocusGuard>
          <Story />
        </DocsFocusGuard>
      ) : (
        <Story />
      ),
    // Stories keep their own defaults unless a language is chosen in the toolbar.
    (Story, context) =>
      context.globals.language === 'id' || context.globals.language === 'en' ? (
        <ConsoleMessagesProvider messages={consoleMessages(context.globals.language)}>
          <Story />
        </ConsoleMessagesProvider>
      ) : (
        <Story />
      ),
    (Story, context) => (
      <ConsoleThemeProvider mode={context.globals.theme === 'dark' ? 'dark' : 'light'} global>
        {context.globals.direction === 'rtl' ? (
          <div dir="rtl">
            <Story />
          </div>
        ) : (
          <Story />
        )}
      </ConsoleThemeProvider>
    ),
  ],
};

export default preview;
