import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  BOT_LOGIN_STATES,
  type BotLoginAdapter,
  type BotLoginContext,
  type BotLoginSnapshot,
  type BotLoginStateValue,
} from '../../machines/botLogin.machine.js';
import { CONSOLE_MESSAGES_EN } from '../../i18n/messages.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { BotLoginBody, BotLoginPanel } from './BotLoginPanel.js';
import type { BotLoginMessages } from './messages.js';

const at = (patch: Partial<BotLoginSnapshot>, version = 1): BotLoginSnapshot => ({
  status: 'disconnected',
  step: 'idle',
  code_method: null,
  last_error: null,
  version,
  ...patch,
});

const WRONG_CODE_ID = 'Kode verifikasi salah. Periksa SMS atau panggilan lalu coba lagi.';

/**
 * A server that accepts the code 123456 and the PIN 246810; `hang` leaves the named call waiting. The server
 * words its refusals in the person's language, so the wrong-code text is handed in.
 */
function storyAdapter(hang?: keyof BotLoginAdapter, wrongCode = WRONG_CODE_ID): BotLoginAdapter {
  let version = 1;
  const wait = (name: keyof BotLoginAdapter) =>
    hang === name ? new Promise<never>(() => undefined) : Promise.resolve();
  return {
    requestCode: async (method) => {
      await wait('requestCode');
      return at({ status: 'pending', step: 'code_requested', code_method: method }, (version += 1));
    },
    verifyCode: async (code) => {
      await wait('verifyCode');
      if (code !== '123456') {
        const message = wrongCode;
        throw { status: 400, message, fields: { code: [message] } };
      }
      return at({ status: 'pending', step: 'code_verified', code_method: 'SMS' }, (version += 1));
    },
    register: async () => {
      await wait('register');
      return at({ status: 'connected' }, (version += 1));
    },
    disconnect: async () => {
      await wait('disconnect');
      return at({}, (version += 1));
    },
  };
}

const meta = {
  title: 'Bots/BotLoginPanel',
  component: BotLoginPanel,
  args: { title: 'CS Bot · 0811-0000-0001', login: at({}), adapter: storyAdapter() },
} satisfies Meta<typeof BotLoginPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const typeInto = async (canvasElement: HTMLElement, group: string, digits: string) => {
  const boxes = within(within(canvasElement).getByRole('group', { name: group })).getAllByRole('textbox');
  await userEvent.click(boxes[0]!);
  await userEvent.keyboard(digits);
};

/** Presses the request button (`texts` gives its name and busy text from the texts in force): the busy text shows and the button waits. */
const playRequestingCode =
  (texts: (m: BotLoginMessages) => [button: string, busy: string]): Story['play'] =>
  async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const [button, busy] = texts(messagesIn({ globals }, 'botLogin'));
    await userEvent.click(canvas.getByRole('button', { name: button }));
    await expect(await canvas.findByText(busy)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: button })).toBeDisabled();
  };

/** Not connected: choose SMS or voice and ask for the code. */
export const Disconnected: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'botLogin');
    await expect(canvas.getByRole('status')).toHaveTextContent(m.status.disconnected);
    await userEvent.click(canvas.getByRole('radio', { name: m.method.VOICE }));
    await userEvent.click(canvas.getByRole('button', { name: m.requestCode }));
    await expect(await canvas.findByRole('group', { name: m.codeLabel })).toBeInTheDocument();
    await expect(canvas.getByText(m.codeSent(m.methodInSentence.VOICE))).toBeInTheDocument();
  },
};

/** The code request waiting for Meta. */
export const RequestingCode: Story = {
  args: { adapter: storyAdapter('requestCode') },
  play: playRequestingCode((m) => [m.requestCode, m.busy.requestingCode]),
};

/** The 6 boxes for the code; a wrong code is named under them and the step stays. */
export const EnteringCode: Story = {
  args: { login: at({ status: 'pending', step: 'code_requested', code_method: 'SMS' }) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'botLogin');
    await typeInto(canvasElement, m.codeLabel, '000000');
    // The server's refusal, as the story's adapter words it.
    await expect(await canvas.findByText(/Kode verifikasi salah/)).toBeInTheDocument();
    await expect(canvas.getAllByRole('textbox')[0]).toHaveAttribute('aria-invalid', 'true');
    // Typing over it sends the new code.
    await typeInto(canvasElement, m.codeLabel, '123456');
    await expect(await canvas.findByRole('group', { name: m.pinLabel })).toBeInTheDocument();
  },
};

/** The code being checked. */
export const VerifyingCode: Story = {
  args: {
    login: at({ status: 'pending', step: 'code_requested', code_method: 'SMS' }),
    adapter: storyAdapter('verifyCode'),
  },
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'botLogin');
    await typeInto(canvasElement, m.codeLabel, '123456');
    await expect(await within(canvasElement).findByText(m.busy.verifyingCode)).toBeInTheDocument();
  },
};

/** Code accepted: the two-step PIN in the same boxes. */
export const EnteringPin: Story = {
  args: { login: at({ status: 'pending', step: 'code_verified', code_method: 'SMS' }) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'botLogin');
    await expect(canvas.getByText(m.pinNote)).toBeInTheDocument();
    await typeInto(canvasElement, m.pinLabel, '246810');
    await expect(
      await canvas.findByText(m.status.connected, { selector: '[role=status]' }),
    ).toBeInTheDocument();
  },
};

/** The PIN being registered. */
export const Registering: Story = {
  args: {
    login: at({ status: 'pending', step: 'code_verified', code_method: 'SMS' }),
    adapter: storyAdapter('register'),
  },
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'botLogin');
    await typeInto(canvasElement, m.pinLabel, '246810');
    await expect(await within(canvasElement).findByText(m.busy.registering)).toBeInTheDocument();
  },
};

/** Connected: disconnect. */
export const Connected: Story = {
  args: { login: at({ status: 'connected' }) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'botLogin');
    await userEvent.click(canvas.getByRole('button', { name: m.disconnect }));
    await expect(await canvas.findByRole('button', { name: m.requestCode })).toBeInTheDocument();
  },
};

/** The disconnect waiting for Meta. */
export const Disconnecting: Story = {
  args: { login: at({ status: 'connected' }), adapter: storyAdapter('disconnect') },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'botLogin');
    await userEvent.click(canvas.getByRole('button', { name: m.disconnect }));
    await expect(await canvas.findByText(m.busy.disconnecting)).toBeInTheDocument();
  },
};

/** Meta refused: the reason in words, and a way to start again. */
export const Failed: Story = {
  args: {
    login: at({
      status: 'failed',
      last_error: 'Terlalu banyak percobaan kode. Tunggu sebentar, lalu minta kode baru.',
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Terlalu banyak percobaan kode');
    await expect(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'botLogin').reconnect }),
    ).toBeEnabled();
  },
};

/** Only reading: the state shows without actions. */
export const ReadOnly: Story = {
  args: { login: at({ status: 'connected' }), readOnly: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

const CONTEXTS: Record<BotLoginStateValue, BotLoginContext> = {
  disconnected: { login: at({}), error: null, refusals: 0 },
  requestingCode: { login: at({}), error: null, refusals: 0 },
  enteringCode: {
    login: at({ status: 'pending', step: 'code_requested', code_method: 'SMS' }),
    error: { status: 400, message: 'Kode verifikasi salah.', field: 'code' },
    refusals: 1,
  },
  verifyingCode: {
    login: at({ status: 'pending', step: 'code_requested', code_method: 'VOICE' }),
    error: null,
    refusals: 0,
  },
  enteringPin: {
    login: at({ status: 'pending', step: 'code_verified', code_method: 'SMS' }),
    error: null,
    refusals: 0,
  },
  registering: {
    login: at({ status: 'pending', step: 'code_verified', code_method: 'SMS' }),
    error: null,
    refusals: 0,
  },
  connected: { login: at({ status: 'connected' }), error: null, refusals: 0 },
  disconnecting: { login: at({ status: 'connected' }), error: null, refusals: 0 },
  failed: {
    login: at({ status: 'failed', last_error: 'Token akses WhatsApp tidak berlaku.' }),
    error: null,
    refusals: 0,
  },
};

/** Every state of the flow, side by side. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(22rem, 1fr))' }}>
      {BOT_LOGIN_STATES.map((state) => (
        <BotLoginBody
          key={state}
          state={state}
          context={CONTEXTS[state]}
          send={() => undefined}
          title={`${args.title} — ${state}`}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('status')).toHaveLength(BOT_LOGIN_STATES.length);
  },
};

// English: the console's English set (`CONSOLE_MESSAGES_EN`, what the app gives the provider for English), as
// staff who chose English see the panel. Each play checks the English words and that no Indonesian default is left.

const WRONG_CODE_EN = 'Wrong verification code. Check the SMS or call and try again.';
const inEnglish = (Story: ComponentType) => (
  <ConsoleMessagesProvider messages={CONSOLE_MESSAGES_EN}>
    <Story />
  </ConsoleMessagesProvider>
);
const expectNoIndonesian = async (canvasElement: HTMLElement) => {
  const text = canvasElement.textContent ?? '';
  for (const word of ['Terputus', 'Terhubung', 'Minta kode', 'Kode verifikasi', 'Putuskan', 'Batal', 'lewat'])
    await expect(text).not.toContain(word);
};

/** English, not connected: the intro, SMS or voice call, and the code asked for by a voice call. */
export const EnglishDisconnected: Story = {
  decorators: [inEnglish],
  args: { adapter: storyAdapter(undefined, WRONG_CODE_EN) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Status: Disconnected' })).toHaveTextContent(
      'Disconnected',
    );
    await expect(canvas.getByText(/Meta sends a 6-digit code to this number/)).toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: 'Send the code by' })).toBeInTheDocument();
    await expectNoIndonesian(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Voice call' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Request code' }));
    await expect(await canvas.findByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    await expect(
      canvas.getByText('The code was sent by a voice call. Enter its 6 digits.'),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send the code again' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** English, the code request waiting for Meta. */
export const EnglishRequestingCode: Story = {
  decorators: [inEnglish],
  args: { adapter: storyAdapter('requestCode', WRONG_CODE_EN) },
  play: playRequestingCode(() => ['Request code', 'Requesting the code…']),
};

/** English, the code step: a wrong code is named under the boxes (the server's English text), then the PIN step. */
export const EnglishEnteringCode: Story = {
  decorators: [inEnglish],
  args: {
    login: at({ status: 'pending', step: 'code_requested', code_method: 'SMS' }),
    adapter: storyAdapter(undefined, WRONG_CODE_EN),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Waiting for verification');
    await expect(canvas.getByText('The code was sent by SMS. Enter its 6 digits.')).toBeInTheDocument();
    await typeInto(canvasElement, 'Verification code', '000000');
    await expect(await canvas.findByText(WRONG_CODE_EN)).toBeInTheDocument();
    await typeInto(canvasElement, 'Verification code', '123456');
    await expect(await canvas.findByRole('group', { name: 'Two-step verification PIN' })).toBeInTheDocument();
    await expect(canvas.getByText(/Code accepted\. Enter the two-step verification PIN/)).toBeInTheDocument();
    await expectNoIndonesian(canvasElement);
  },
};

/** English, the PIN step: the note that the PIN is not stored, then connected. */
export const EnglishEnteringPin: Story = {
  decorators: [inEnglish],
  args: { login: at({ status: 'pending', step: 'code_verified', code_method: 'SMS' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('The PIN is only passed on to WhatsApp, never stored in the console.'),
    ).toBeInTheDocument();
    await typeInto(canvasElement, 'Two-step verification PIN', '246810');
    await expect(await canvas.findByText('Connected', { selector: '[role=status]' })).toBeInTheDocument();
    await expect(
      canvas.getByText('This number is connected as a bot and answers customers’ messages.'),
    ).toBeInTheDocument();
  },
};

/** English, connected: Disconnect leads back to Request code. */
export const EnglishConnected: Story = {
  decorators: [inEnglish],
  args: { login: at({ status: 'connected' }), adapter: storyAdapter('disconnect', WRONG_CODE_EN) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Status: Connected' })).toBeInTheDocument();
    await expectNoIndonesian(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Disconnect' }));
    await expect(await canvas.findByText('Disconnecting…')).toBeInTheDocument();
  },
};

/** English, Meta refused: the server's reason and Reconnect. */
export const EnglishFailed: Story = {
  decorators: [inEnglish],
  args: {
    login: at({
      status: 'failed',
      last_error: 'Too many code attempts. Wait a moment, then request a new code.',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Failed');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many code attempts');
    await expect(canvas.getByRole('button', { name: 'Reconnect' })).toBeEnabled();
    await expectNoIndonesian(canvasElement);
  },
};

/** Every state in English side by side, with the busy texts of the waiting states. */
export const EnglishAllStates: Story = {
  decorators: [inEnglish],
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(22rem, 1fr))' }}>
      {BOT_LOGIN_STATES.map((state) => (
        <BotLoginBody
          key={state}
          state={state}
          context={{
            ...CONTEXTS[state],
            ...(state === 'enteringCode'
              ? { error: { status: 400, message: WRONG_CODE_EN, field: 'code' as const } }
              : {}),
            ...(state === 'failed'
              ? { login: at({ status: 'failed', last_error: 'The WhatsApp access token is not valid.' }) }
              : {}),
          }}
          send={() => undefined}
          title={`${args.title} — ${state}`}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('status')).toHaveLength(BOT_LOGIN_STATES.length);
    for (const busy of [
      'Requesting the code…',
      'Checking the code…',
      'Registering the number…',
      'Disconnecting…',
    ])
      await expect(canvas.getByText(busy)).toBeInTheDocument();
    await expect(
      canvas.getByText('The code was sent by a voice call. Enter its 6 digits.'),
    ).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: 'Reconnect' })).toHaveLength(1);
    await expectNoIndonesian(canvasElement);
  },
};
