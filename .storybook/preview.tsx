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
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => (
      <ConsoleThemeProvider mode={context.globals.theme === 'dark' ? 'dark' : 'light'} global>
        <Story />
      </ConsoleThemeProvider>
    ),
  ],
};

export default preview;
