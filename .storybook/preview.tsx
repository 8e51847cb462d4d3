import type { Preview } from '@storybook/react-vite';
import { ConsoleThemeProvider } from '../packages/console-ui/src/theme/index.js';

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
  },
  initialGlobals: { theme: 'light', direction: 'ltr' },
  decorators: [
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
