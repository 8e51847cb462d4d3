import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { KpiCard } from '../components/KpiCard/KpiCard.js';
import { ThemeProvider } from './ThemeProvider.js';
import { lightTokens, tokenVar, type ThemeTokens } from './tokens.js';

const COLOUR_TOKENS = (Object.keys(lightTokens) as (keyof ThemeTokens)[]).filter((name) =>
  name.startsWith('color'),
);

/** What a consumer sees: text, muted text, a surface, the primary action and the four state colours. */
function Sample() {
  return (
    // Host markup: it reads the tokens itself (the provider styles only the console's own elements).
    <div
      style={{
        background: 'var(--cui-color-bg)',
        color: 'var(--cui-color-text)',
        fontFamily: 'var(--cui-font-family)',
        padding: 16,
      }}
    >
      <div
        style={{
          background: 'var(--cui-color-surface)',
          border: '1px solid var(--cui-color-border)',
          borderRadius: 'var(--cui-radius-md)',
          padding: 16,
        }}
      >
        <h2 style={{ marginTop: 0 }}>Creator Admin</h2>
        <p style={{ color: 'var(--cui-color-text-muted)' }}>Creators we contract for content.</p>
        <button
          type="button"
          style={{
            background: 'var(--cui-color-primary)',
            color: 'var(--cui-color-primary-text)',
            border: 0,
            borderRadius: 'var(--cui-radius-sm)',
            padding: '8px 12px',
          }}
        >
          New creator
        </button>
        <ul style={{ display: 'flex', gap: 8, listStyle: 'none', padding: 0 }}>
          {(['success', 'info', 'warning', 'danger'] as const).map((state) => (
            <li
              key={state}
              style={{
                color: `var(--cui-color-${state})`,
                background: `var(--cui-color-${state}-soft)`,
                padding: '4px 8px',
                borderRadius: 'var(--cui-radius-sm)',
              }}
            >
              {state}
            </li>
          ))}
        </ul>
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 }}>
          {COLOUR_TOKENS.map((name) => (
            <div key={name} style={{ display: 'contents' }}>
              <dt>
                <code>{tokenVar(name)}</code>
              </dt>
              <dd style={{ margin: 0 }}>
                <span
                  aria-hidden="true"
                  style={{
                    display: 'inline-block',
                    width: 40,
                    height: 14,
                    background: `var(${tokenVar(name)})`,
                    border: '1px solid var(--cui-color-border)',
                  }}
                />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** `#1a2b3c` as a computed style writes it: `rgb(26, 43, 60)`. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/** The story's own provider: the innermost one (Storybook's preview wraps every story in a provider too). */
const innermostTheme = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('.cui-theme')].at(-1);

const meta = {
  title: 'Foundations/ThemeProvider',
  component: ThemeProvider,
  args: { mode: 'light', children: <Sample /> },
} satisfies Meta<typeof ThemeProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Light tokens (the default). */
export const Light: Story = {
  play: async ({ canvasElement }) => {
    const theme = innermostTheme(canvasElement);
    await expect(theme?.dataset.theme).toBe('light');
    await expect(theme!.style.getPropertyValue('--cui-color-primary')).toBe(lightTokens.colorPrimary);
  },
};

/** Dark tokens: the same components, other values for the same custom properties. */
export const Dark: Story = {
  args: { mode: 'dark' },
  play: async ({ canvasElement }) => {
    const theme = innermostTheme(canvasElement);
    await expect(theme?.dataset.theme).toBe('dark');
    await expect(theme!.style.getPropertyValue('--cui-color-bg')).toBe('#0f141b');
  },
};

/** An embedder's brand colour overrides one token; the rest stay. */
export const BrandOverride: Story = {
  args: { tokens: { colorPrimary: '#6d28d9' } },
  play: async ({ canvasElement }) => {
    const theme = innermostTheme(canvasElement);
    await expect(theme!.style.getPropertyValue('--cui-color-primary')).toBe('#6d28d9');
    await expect(theme!.style.getPropertyValue('--cui-color-text')).toBe(lightTokens.colorText);
    await expect(within(canvasElement).getByRole('button', { name: 'New creator' })).toBeVisible();
  },
};

/** Light and dark side by side, for visual review. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      <ThemeProvider mode="light">
        <Sample />
      </ThemeProvider>
      <ThemeProvider mode="dark">
        <Sample />
      </ThemeProvider>
    </div>
  ),
};

/**
 * Host markup inside the provider keeps the host's font and colour: the provider styles only its own elements
 * (here a KpiCard), which take the console's font and text colour. `global` would put them on `body` instead.
 */
export const HostMarkupKeepsItsStyle: Story = {
  render: (args) => (
    // The host's page is light whatever the toolbar's theme: its colour keeps its contrast (axe) in dark too.
    <div style={{ fontFamily: 'Georgia, serif', color: 'rgb(128, 0, 64)', background: 'rgb(255, 255, 255)' }}>
      <ThemeProvider {...args}>
        <p data-testid="host-text">The host's own paragraph, in the host's serif and colour.</p>
        <KpiCard label="Spend" value={1500000} format="idr" />
      </ThemeProvider>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const host = getComputedStyle(within(canvasElement).getByTestId('host-text'));
    await expect(host.fontFamily).toBe('Georgia, serif');
    await expect(host.color).toBe('rgb(128, 0, 64)');
    const card = getComputedStyle(canvasElement.querySelector<HTMLElement>('.cui-kpi-card')!);
    await expect(card.fontFamily).not.toContain('Georgia');
    await expect(card.color).toBe(rgb(lightTokens.colorText));
  },
};
