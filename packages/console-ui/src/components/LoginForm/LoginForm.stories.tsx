import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { LoginFn, StoredUser } from '../../adapters.js';
import { ThemeProvider } from '../../theme/ThemeProvider.js';
import { LOGIN_GENERIC_ERROR } from '../../machines/loginButton.machine.js';
import { consoleMessages } from '../../i18n/messages.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { LoginForm } from './LoginForm.js';
import type { LoginFormSeed } from './useLoginForm.js';

const demoUser: StoredUser = {
  token: 'demo-token',
  fullname: 'Ani Wijaya',
  last_login: '2024-05-01 08:30:00',
};
const never: LoginFn = () => new Promise<StoredUser>(() => {});
/**
 * A login that answers only when the play lets it (`releaseLogin`), once it has seen the loading label: an answer
 * after a fixed 150 ms came before a busy machine's play looked, and the label was gone.
 */
let releaseLogin: () => void = () => undefined;
const heldLogin: LoginFn = () =>
  new Promise<StoredUser>((resolve) => {
    releaseLogin = () => resolve(demoUser);
  });
const serverMessage = 'Username atau password salah';

const meta = {
  title: 'Console/LoginForm',
  component: LoginForm,
  parameters: { layout: 'fullscreen' },
  args: {
    login: fn<LoginFn>(async () => demoUser),
    onSuccess: fn(),
    productLabel: 'Staff Console',
    copyrightYear: 2025,
  },
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing typed yet: "Login" is enabled, no error. */
export const Idle: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await expect(canvas.getByText(m.intro)).toBeVisible();
    await expect(canvas.getByLabelText(m.username)).toHaveValue('');
    await expect(canvas.getByLabelText(m.password)).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: m.login })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByText('v1.0.0')).toBeVisible();
  },
};

/** Seeded `loading`: "Memuat..." with a spinner, button disabled. */
export const Loading: Story = {
  args: { login: fn<LoginFn>(never), initialState: { status: 'loading' }, defaultUsername: 'ani' },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await expect(canvas.getByRole('button', { name: m.loading })).toBeDisabled();
  },
};

/** Seeded `success`: "Login Sukses, Mohon tunggu" with a spinner, button disabled. */
export const Success: Story = {
  args: { initialState: { status: 'success', user: demoUser }, defaultUsername: 'ani' },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await expect(canvas.getByRole('button', { name: m.success })).toBeDisabled();
  },
};

/** Seeded error after a 403/404: "Error : " and the server's message; the button is usable again. */
export const ServerError: Story = {
  args: { initialState: { status: 'idle', error: `Error : ${serverMessage}` }, defaultUsername: 'ani' },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await expect(canvas.getByRole('alert')).toHaveTextContent(`${m.errorPrefix}${serverMessage}`);
    await expect(canvas.getByRole('button', { name: m.login })).toBeEnabled();
  },
};

/** Seeded error for any other failure (5xx, no answer). */
export const CommunicationError: Story = {
  args: { initialState: { status: 'idle', error: LOGIN_GENERIC_ERROR } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await expect(canvas.getByRole('alert')).toHaveTextContent(m.genericError);
  },
};

/** Typing both fields and pressing Enter runs the whole flow: loading, success hold, then onSuccess. */
export const SubmitWithEnter: Story = {
  args: {
    login: fn<LoginFn>(heldLogin),
    // Long enough that a slow, shared machine still sees the success label before onSuccess.
    delays: { LOGIN_SUCCESS_HOLD: 1500 },
  },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.type(canvas.getByLabelText(m.username), 'ani');
    await userEvent.type(canvas.getByLabelText(m.password), 'rahasia{Enter}');
    // On a first load the machine's code may still be on its way: the submit waits for it (useLoginForm).
    await waitFor(() => expect(args.login).toHaveBeenCalledWith({ username: 'ani', password: 'rahasia' }));
    await expect(canvas.getByRole('button', { name: m.loading })).toBeDisabled();
    releaseLogin();
    await expect(await canvas.findByRole('button', { name: m.success })).toBeDisabled();
    await expect(args.onSuccess).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledWith(demoUser));
    await expect(args.onSuccess).toHaveBeenCalledTimes(1);
  },
};

/** Enter in the Username field submits too; a second Enter while loading is ignored. */
export const EnterInUsername: Story = {
  args: { login: fn<LoginFn>(never) },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.type(canvas.getByLabelText(m.username), 'ani{Enter}');
    // On a first load the machine's code may still be on its way: the submit waits for it (useLoginForm).
    await waitFor(() => expect(args.login).toHaveBeenCalledWith({ username: 'ani', password: '' }));
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await canvas.findByRole('button', { name: m.loading }));
    await expect(args.login).toHaveBeenCalledTimes(1);
  },
};

/** No client-side validation: empty values go to the server as they are. */
export const EmptyValuesAreSent: Story = {
  args: { login: fn<LoginFn>(never) },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.click(canvas.getByRole('button', { name: m.login }));
    await waitFor(() => expect(args.login).toHaveBeenCalledWith({ username: '', password: '' }));
  },
};

/** A 403 answer: the server's message after "Error : ", and the form is usable again. */
export const Rejected403: Story = {
  args: { login: fn<LoginFn>(() => Promise.reject({ status: 403, message: serverMessage })) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.type(canvas.getByLabelText(m.username), 'ani');
    await userEvent.type(canvas.getByLabelText(m.password), 'salah{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(`${m.errorPrefix}${serverMessage}`);
    await expect(canvas.getByRole('button', { name: m.login })).toBeEnabled();
  },
};

/** A 404 answer (unknown user): also the server's message. */
export const Rejected404: Story = {
  args: { login: fn<LoginFn>(() => Promise.reject({ status: 404, message: 'User tidak ditemukan' })) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.click(canvas.getByRole('button', { name: m.login }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(`${m.errorPrefix}User tidak ditemukan`);
  },
};

/** A 500 answer: the generic communication error, not the server's text. */
export const Rejected500: Story = {
  args: { login: fn<LoginFn>(() => Promise.reject({ status: 500, message: 'Internal Server Error' })) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.click(canvas.getByRole('button', { name: m.login }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.genericError);
  },
};

/** No answer at all (network down): the generic communication error. */
export const NetworkFailure: Story = {
  args: { login: fn<LoginFn>(() => Promise.reject(new Error('Network Error'))) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.click(canvas.getByRole('button', { name: m.login }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.genericError);
  },
};

/** 360 px wide (a small phone): everything fits without horizontal scrolling. */
export const Narrow360: Story = {
  args: { fullScreen: false, initialState: { status: 'idle', error: `Error : ${serverMessage}` } },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }} data-testid="frame-360">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    const frame = canvas.getByTestId('frame-360');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(360);
    const button = canvas.getByRole('button', { name: m.login });
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(
      frame.getBoundingClientRect().right,
    );
  },
};

/** Dark tokens, with the error line showing. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { initialState: { status: 'idle', error: `Error : ${serverMessage}` }, defaultUsername: 'ani' },
};

const allStates: { label: string; initialState?: LoginFormSeed }[] = [
  { label: 'Idle' },
  { label: 'Loading', initialState: { status: 'loading' } },
  { label: 'Success', initialState: { status: 'success', user: demoUser } },
  { label: 'Server error (403/404)', initialState: { status: 'idle', error: `Error : ${serverMessage}` } },
  { label: 'Communication error', initialState: { status: 'idle', error: LOGIN_GENERIC_ERROR } },
];

/** Every state side by side, light and dark, for visual review. */
export const AllStates: Story = {
  parameters: { layout: 'padded' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      {(['light', 'dark'] as const).map((mode) => (
        <ThemeProvider key={mode} mode={mode}>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
              gap: 16,
              background: 'var(--cui-color-bg)',
              padding: 8,
            }}
          >
            {allStates.map(({ label, initialState }) => (
              <section key={label} aria-label={`${label} (${mode})`}>
                <LoginForm
                  {...args}
                  login={never}
                  fullScreen={false}
                  initialState={initialState}
                  defaultUsername={initialState ? 'ani' : undefined}
                />
              </section>
            ))}
          </div>
        </ThemeProvider>
      ))}
    </div>
  ),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await expect(canvas.getAllByRole('button', { name: m.login })).toHaveLength(6);
    await expect(canvas.getAllByRole('button', { name: m.loading })).toHaveLength(2);
    await expect(canvas.getAllByRole('button', { name: m.success })).toHaveLength(2);
    await expect(canvas.getAllByRole('alert')).toHaveLength(4);
  },
};

const challenge: LoginFn = async () => ({ challenge: 'demo-challenge' });

/** Two-step sign-in: the password was right, the form asks for the 6-digit code (login machine's `code` state). */
export const CodeStep: Story = {
  args: { initialState: { status: 'code', challenge: 'demo-challenge' } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await expect(canvas.getByText(m.codeIntro)).toBeVisible();
    await expect(canvas.getByRole('group', { name: m.codeLabel })).toBeVisible();
    await expect(canvas.queryByLabelText(m.username)).toBeNull();
    await expect(canvas.getByRole('button', { name: m.login })).toBeEnabled();
  },
};

/** The code is being checked (`code.verifying`): "Memuat..." and the boxes disabled. */
export const CodeVerifying: Story = {
  args: { initialState: { status: 'verifying', challenge: 'demo-challenge' } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await expect(canvas.getByRole('button', { name: m.loading })).toBeDisabled();
  },
};

/** A refused code: the error line, and the boxes emptied for the next try. */
export const CodeRefused: Story = {
  args: {
    initialState: { status: 'code', challenge: 'demo-challenge', error: 'Error : Invalid code.' },
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await expect(canvas.getByRole('alert')).toHaveTextContent(`${m.errorPrefix}Invalid code.`);
  },
};

/** The whole two-step flow: password, a wrong code, a recovery code, then success and `onSuccess`. */
export const TwoStepSignIn: Story = {
  args: {
    login: fn<LoginFn>(challenge),
    verifyCode: fn(async ({ code }: { challenge: string; code: string }) =>
      code === 'AAAA-BBBB' ? demoUser : Promise.reject({ status: 403, message: 'Invalid code.' }),
    ),
    delays: { LOGIN_SUCCESS_HOLD: 300 },
  },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.type(canvas.getByLabelText(m.username), 'ani');
    await userEvent.type(canvas.getByLabelText(m.password), 'rahasia{Enter}');
    const group = await canvas.findByRole('group', { name: m.codeLabel });
    await userEvent.click(within(group).getAllByRole('textbox')[0]!);
    await userEvent.keyboard('654321');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(`${m.errorPrefix}Invalid code.`);
    await userEvent.click(canvas.getByRole('button', { name: m.useRecovery }));
    await userEvent.type(canvas.getByLabelText(m.recoveryLabel), 'AAAA-BBBB{Enter}');
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledWith(demoUser));
    await expect(args.verifyCode).toHaveBeenLastCalledWith({
      challenge: 'demo-challenge',
      code: 'AAAA-BBBB',
    });
  },
};

/** Back from the code step to username and password. */
export const CodeStepBack: Story = {
  args: { login: fn<LoginFn>(challenge) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.type(canvas.getByLabelText(m.password), 'x{Enter}');
    await userEvent.click(await canvas.findByRole('button', { name: m.back }));
    await expect(await canvas.findByLabelText(m.username)).toBeVisible();
  },
};

/** Done: after the success hold the machine has finished; the label stays while the app navigates away. */
export const Done: Story = {
  args: { login: fn<LoginFn>(async () => demoUser), delays: { LOGIN_SUCCESS_HOLD: 0 } },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'loginForm');
    await userEvent.type(canvas.getByLabelText(m.password), 'x{Enter}');
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledTimes(1));
    await expect(canvas.getByRole('button', { name: m.success })).toBeDisabled();
  },
};

/** Every string replaced through `messages` (an English form). */
export const EnglishMessages: Story = {
  args: {
    messages: {
      intro: 'Please sign in with your username and password.',
      username: 'User name',
      login: 'Sign in',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Please sign in with your username and password.')).toBeVisible();
    await expect(canvas.getByLabelText('User name')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  },
};

/**
 * Under `consoleMessages('en')` (an English host, or the Language toolbar's "en"): every text in English, through the
 * whole flow. The console's own /login keeps the spec's Indonesian texts (the default set, and the Indonesian one).
 */
export const EnglishSet: Story = {
  args: {
    login: fn<LoginFn>(heldLogin),
    delays: { LOGIN_SUCCESS_HOLD: 1500 },
  },
  render: (args) => (
    <ConsoleMessagesProvider messages={consoleMessages('en')}>
      <LoginForm {...args} />
    </ConsoleMessagesProvider>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Please enter your username and password to sign in.')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Username'), 'ani');
    await userEvent.type(canvas.getByLabelText('Password'), 'secret{Enter}');
    await expect(await canvas.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    releaseLogin();
    await expect(await canvas.findByRole('button', { name: 'Login successful, please wait' })).toBeDisabled();
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledWith(demoUser));
  },
};

/** A failure without a server message, in English: the generic line of the English set. */
export const EnglishCommunicationError: Story = {
  args: { initialState: { status: 'idle', error: LOGIN_GENERIC_ERROR } },
  render: (args) => (
    <ConsoleMessagesProvider messages={consoleMessages('en')}>
      <LoginForm {...args} />
    </ConsoleMessagesProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error : Could not reach the server');
    await expect(canvas.getByRole('button', { name: 'Login' })).toBeEnabled();
  },
};
