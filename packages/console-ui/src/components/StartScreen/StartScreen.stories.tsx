import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { CheckSessionFn } from '../../machines/startScreen.machine.js';
import { ThemeProvider } from '../../theme/ThemeProvider.js';
import { StartScreen } from './StartScreen.js';

const never = () => new Promise<boolean>(() => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meta = {
  title: 'Console/StartScreen',
  component: StartScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    checkSession: fn<CheckSessionFn>(() => true),
    onNavigate: fn(),
  },
} satisfies Meta<typeof StartScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The check has not answered yet: "Please Wait..." with a spinner, and no navigation. */
export const Checking: Story = {
  args: { checkSession: fn<CheckSessionFn>(never) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Please Wait...');
    await sleep(700);
    await expect(args.onNavigate).not.toHaveBeenCalled();
    await expect(canvas.getByRole('status')).toBeVisible();
  },
};

/** A stored session: goes to /app/customer-chats after 0.5 s. */
export const ValidSession: Story = {
  args: { checkSession: fn(() => true) },
  // The clock read before the story mounts (loaders run first): the 0.5 s starts at mount, so it is a lower bound
  // that holds on a busy machine (read in the play, after the first render, it came out at 449 ms).
  loaders: [async () => ({ started: performance.now() })],
  play: async ({ canvasElement, args, loaded }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Please Wait...');
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/app/customer-chats'));
    await expect(performance.now() - (loaded as { started: number }).started).toBeGreaterThanOrEqual(500);
    await expect(args.onNavigate).toHaveBeenCalledTimes(1);
  },
};

/** No stored session: goes to /login after 0.5 s. */
export const NoSession: Story = {
  args: { checkSession: fn(() => false) },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/login'));
  },
};

/** A check that fails counts as no session. */
export const CheckFails: Story = {
  args: { checkSession: fn<CheckSessionFn>(() => Promise.reject(new Error('storage unavailable'))) },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/login'));
  },
};

/** Embedded in a panel (not full height), with its own targets and a shorter delay. */
export const EmbeddedWithCustomTargets: Story = {
  args: {
    fullScreen: false,
    checkSession: fn(() => true),
    targets: { valid: '/home' },
    delays: { START_REDIRECT: 100 },
  },
  decorators: [
    (Story) => (
      <div style={{ height: 240, border: '1px dashed var(--cui-color-border)' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ args }) => {
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/home'));
  },
};

/** Dark tokens. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { checkSession: fn<CheckSessionFn>(never) },
};

/** Light and dark side by side, for visual review (the screen has one visual state). */
export const AllStates: Story = {
  args: { checkSession: fn<CheckSessionFn>(never), fullScreen: false },
  render: (args) => (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', height: 320 }}
    >
      {(['light', 'dark'] as const).map((mode) => (
        <ThemeProvider key={mode} mode={mode}>
          <div style={{ height: 320 }}>
            <StartScreen {...args} />
          </div>
        </ThemeProvider>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
  },
};
