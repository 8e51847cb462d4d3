// The visual review's part 1 of 2 (visualSuite.tsx): every second component folder in name order, from the first.
import { visualSuite } from './visualSuite.js';

visualSuite(1, 2);
