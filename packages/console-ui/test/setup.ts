import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { freshJsdom } from '../../../scripts/freshJsdom.js';

// findBy/waitFor wait for what the user would see; their 1 s default is a time limit on a busy 2-core machine.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => cleanup());

freshJsdom();
