export { ProgressBar, progressShare, type ProgressBarProps, type ProgressBarStatus } from './ProgressBar.js';
