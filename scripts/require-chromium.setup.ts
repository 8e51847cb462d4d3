import { requireChromium } from './chromium.js';

// Global setup of the browser projects: fail loudly, never skip, when chromium is missing.
export default function setup() {
  requireChromium();
}
