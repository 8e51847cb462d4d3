import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import type { CallError, CheckPermissionFn } from '../../adapters.js';
import { PAGE_DENIED_MESSAGE } from '../../machines/pageGuard.machine.js';
import {
  PermissionGuard,
  PermissionGuardDenied,
  PermissionGuardError,
  PermissionGuardLoading,
  type PermissionGuardProps,
} from './PermissionGuard.js';

/** Checks that answer like the server: after `ms`, allowed / denied / failing. */
const answer =
  (result: boolean | CallError, ms = 0): CheckPermissionFn =>
  () =>
    new Promise((resolve, reject) =>
      setTimeout(() => (typeof result === 'boolean' ? resolve(result) : reject(result)), ms),
    );
const never: CheckPermissionFn = () => new Promise(() => {});

const Page = () => (
  <section aria-labelledby="page-heading">
    <h1 id="page-heading">Usage Statistics</h1>
    <p>Page content, shown once the server allows it.</p>
  </section>
);

// States are seeded with an instant check and no floor; SlowCheck and FloorDelay keep the real timings.
const instant = { PAGE_GUARD_DELAY: 0 };

const meta = {
  title: 'Console/PermissionGuard',
  component: PermissionGuard,
  args: {
    permissionKey: 'statistics',
    title: 'Usage Statistics',
    check: answer(true),
    delays: instant,
    onDenied: fn(),
    children: <Page />,
  },
  argTypes: { children: { control: false }, check: { control: false } },
} satisfies Meta<typeof PermissionGuard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = {
  args: { check: never },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking permission…');
    await expect(canvas.queryByRole('heading', { name: 'Usage Statistics' })).not.toBeInTheDocument();
  },
};

/** `prerender`: while checking, the page is already rendered but hidden (no effects, not announced). */
export const CheckingPrerendered: Story = {
  args: { check: never, prerender: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking permission…');
    await waitFor(() => expect(canvas.getByText('Usage Statistics', { selector: 'h1' })).not.toBeVisible());
    await expect(canvas.queryByRole('heading', { name: 'Usage Statistics' })).not.toBeInTheDocument();
  },
};

/** `prerender` and allowed: the prerendered page is revealed at the floor. */
export const AllowedPrerendered: Story = {
  args: { prerender: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Usage Statistics' })).toBeVisible();
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

/**
 * `prerender="covered"`: while checking, the page is mounted live under the loading view (laid out, effects run)
 * but invisible, inert and hidden from assistive technology.
 */
export const CheckingCovered: Story = {
  args: { check: never, prerender: 'covered' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking permission…');
    const heading = canvas.getByText('Usage Statistics', { selector: 'h1' });
    await expect(heading).not.toBeVisible();
    await expect(heading.closest('[inert]')).not.toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Usage Statistics' })).not.toBeInTheDocument();
  },
};

/** `prerender="covered"` and allowed: at the floor the cover comes off the page. */
export const AllowedCovered: Story = {
  args: { prerender: 'covered' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Usage Statistics' })).toBeVisible();
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const Allowed: Story = {
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('heading', { name: 'Usage Statistics' })).toBeVisible();
    await expect(document.title).toBe('Usage Statistics');
    await expect(args.onDenied).not.toHaveBeenCalled();
  },
};

export const Denied: Story = {
  args: { check: answer(false) },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PAGE_DENIED_MESSAGE);
    await expect(canvas.queryByRole('heading', { name: 'Usage Statistics' })).not.toBeInTheDocument();
    await waitFor(() => expect(args.onDenied).toHaveBeenCalledTimes(1));
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { check: fn(answer({ status: 503, message: 'Service Unavailable' })) },
  play: async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Could not check your access to this page (Service Unavailable).',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(args.check).toHaveBeenCalledTimes(2));
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** The check takes 1.2 s: the floor does not add to it, the page shows at about 1.2 s. */
export const SlowCheck: Story = {
  args: { check: answer(true, 1200), delays: undefined },
  play: async ({ canvas }) => {
    const started = performance.now();
    await expect(canvas.getByRole('status')).toBeVisible();
    await canvas.findByRole('heading', { name: 'Usage Statistics' });
    const elapsed = performance.now() - started;
    // Only the lower bound here: a busy machine may be slower. The fake-timer test pins "1.2 s, not 1.95 s".
    await expect(elapsed).toBeGreaterThanOrEqual(1100);
  },
};

/** A fast check still shows the spinner for the 0.75 s floor. */
export const FloorDelay: Story = {
  args: { check: answer(true, 50), delays: undefined },
  play: async ({ canvas }) => {
    const started = performance.now();
    await canvas.findByRole('heading', { name: 'Usage Statistics' });
    await expect(performance.now() - started).toBeGreaterThanOrEqual(650);
  },
};

export const CustomSlots: Story = {
  args: {
    check: answer(false),
    denied: <p role="alert">Ask an administrator for the statistics key.</p>,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Ask an administrator for the statistics key.',
    );
  },
};

function LiveChangeDemo(props: PermissionGuardProps) {
  const [granted, setGranted] = useState(true);
  return (
    <div>
      <button type="button" onClick={() => setGranted((g) => !g)}>
        {granted ? 'Revoke statistics' : 'Grant statistics'}
      </button>
      <PermissionGuard {...props} check={answer(granted)} recheckToken={granted} />
    </div>
  );
}

/** Permissions change while the page is open (e.g. a realtime push): `recheckToken` re-runs the check. */
export const LivePermissionChange: Story = {
  render: (args) => <LiveChangeDemo {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    await canvas.findByRole('heading', { name: 'Usage Statistics' });
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke statistics' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PAGE_DENIED_MESSAGE);
    await waitFor(() => expect(args.onDenied).toHaveBeenCalledTimes(1));
    await userEvent.click(canvas.getByRole('button', { name: 'Grant statistics' }));
    await canvas.findByRole('heading', { name: 'Usage Statistics' });
  },
};

const cases: [string, CheckPermissionFn][] = [
  ['Checking', never],
  ['Allowed', answer(true)],
  ['Denied', answer(false)],
  ['Error', answer({ status: 500, message: 'Internal Server Error' })],
];

/** Every outcome side by side, for visual review. */
/**
 * The guard's three panels on their own, for hosts that run the check themselves (e.g. in a route loader) and
 * want the same look: loading (announced, not shown), denied, and a failed check with Retry.
 */
export const Panels: Story = {
  render: () => {
    const retry = fn();
    return (
      <div style={{ display: 'grid', gap: 16 }}>
        <PermissionGuardLoading label="Memeriksa izin…" />
        <PermissionGuardDenied />
        <PermissionGuardError error={{ status: 503, message: 'Server sedang sibuk' }} retry={retry} />
      </div>
    );
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Memeriksa izin…');
    const alerts = canvas.getAllByRole('alert');
    await expect(alerts[0]).toHaveTextContent(PAGE_DENIED_MESSAGE);
    await expect(alerts[1]).toHaveTextContent('Server sedang sibuk');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' }}>
      {cases.map(([name, check]) => (
        <figure key={name} style={{ margin: 0 }}>
          <figcaption style={{ fontWeight: 600, marginBottom: 8 }}>{name}</figcaption>
          <PermissionGuard {...args} title={undefined} check={check}>
            <p>Page content</p>
          </PermissionGuard>
        </figure>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Page content')).toBeVisible();
    await expect(await canvas.findByText(PAGE_DENIED_MESSAGE)).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(canvas.getByRole('status')).toBeInTheDocument();
  },
};
