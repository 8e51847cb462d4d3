import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { problemStatusMachine, type MoveProblemInput } from './problemStatus.machine.js';
import { PROBLEM_MOVES_FIXTURE } from './problemStatus.fixtures.js';

interface DemoProps {
  status: string;
  /** How the server answers a move: saved, refused, or never (the saving state). */
  server?: 'saves' | 'refuses' | 'hangs';
}

/** One problem's status with a button per move of the fixture flow, enabled by the machine (`snapshot.can`). */
function StatusDemo({ status, server = 'saves' }: DemoProps) {
  const machine = useMemo(
    () =>
      problemStatusMachine.provide({
        actors: {
          moveProblem: fromPromise<{ version: number }, MoveProblemInput>(async ({ input }) => {
            if (server === 'hangs') return new Promise<never>(() => undefined);
            if (server === 'refuses') throw { status: 409, message: 'Diubah orang lain; muat ulang.' };
            return { version: input.version + 1 };
          }),
        },
      }),
    [server],
  );
  const actor = useActorRef(machine, { input: { status, version: 1, moves: PROBLEM_MOVES_FIXTURE } });
  const snapshot = useSelector(actor, (s) => s);
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      <p>
        Status: <strong data-testid="status">{snapshot.context.status}</strong>
        {snapshot.hasTag('busy') ? ' (menyimpan…)' : ''}
      </p>
      <div style={{ display: 'flex', gap: 8 }}>
        {Object.keys(PROBLEM_MOVES_FIXTURE).map((action) => (
          <button
            key={action}
            type="button"
            disabled={!snapshot.can({ type: 'MOVE', action })}
            onClick={() => actor.send({ type: 'MOVE', action })}
          >
            {action}
          </button>
        ))}
      </div>
      {snapshot.context.error ? <p role="alert">{snapshot.context.error.message}</p> : null}
    </div>
  );
}

const meta = {
  title: 'Machines/problemStatus',
  component: StatusDemo,
  args: { status: 'open' },
} satisfies Meta<typeof StatusDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'close' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'start' }));
    await expect(await canvas.findByText('in_progress')).toBeInTheDocument();
  },
};
export const InProgress: Story = { args: { status: 'in_progress' } };
export const Resolved: Story = { args: { status: 'resolved' } };
export const Closed: Story = { args: { status: 'closed' } };
/** A move waiting for the server. */
export const Saving: Story = {
  args: { status: 'resolved', server: 'hangs' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'close' }));
    await expect(await canvas.findByText(/menyimpan/)).toBeInTheDocument();
  },
};
/** The server refused: the status stays, the reason shows. */
export const Refused: Story = {
  args: { status: 'resolved', server: 'refuses' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'close' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Diubah orang lain');
    await expect(canvas.getByTestId('status')).toHaveTextContent('resolved');
  },
};
