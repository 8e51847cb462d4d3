import { keyframes } from 'styled-components';

/** One full turn, for the spinners of the login form, the start screen, the permission guard and the sidebar. */
export const spin = keyframes`to { transform: rotate(360deg); }`;
