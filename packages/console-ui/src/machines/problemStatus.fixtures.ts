import type { ProblemStatusMoves } from './problemStatus.machine.js';

/**
 * FIXTURE for console-ui's own stories and tests, not the product rule: the console's flow is the contract's
 * `PROBLEM_TRANSITIONS`, which the app passes to the machine. Shaped like it so the stories read true.
 */
export const PROBLEM_MOVES_FIXTURE: ProblemStatusMoves = {
  start: { from: ['open'], to: 'in_progress' },
  resolve: { from: ['open', 'in_progress'], to: 'resolved' },
  close: { from: ['resolved'], to: 'closed' },
  reopen: { from: ['resolved', 'closed'], to: 'open' },
};
