import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { consoleMessages } from '../packages/console-ui/src/i18n/index.js';
import { ConsoleMessagesProvider, ConsoleThemeProvider } from '../packages/console-ui/src/theme/index.js';

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
