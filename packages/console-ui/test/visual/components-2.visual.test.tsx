// The visual review's part 2 of 2 (visualSuite.tsx): every second component folder in name order, from the second.
import { visualSuite } from './visualSuite.js';

visualSuite(2, 2);
