/** The name of the one-full-turn keyframes, for the spinners of the start screen, the permission guard and the sidebar. */
export const SPIN_KEYFRAMES = 'cui-spin';

/**
 * One full turn as plain CSS, for a component's static sheet (ADR 048): no styled-components `keyframes`, so a
 * spinner ships none of it. Each sheet that animates with `SPIN_KEYFRAMES` carries this rule; the same rule
 * written twice is harmless.
 */
export const spinKeyframesCss = `@keyframes ${SPIN_KEYFRAMES} {
  to {
    transform: rotate(360deg);
  }
}`;
