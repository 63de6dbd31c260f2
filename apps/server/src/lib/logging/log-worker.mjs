// The log store's worker thread starts here. A worker does not always inherit a TypeScript loader (the test
// runner runs the server without one), so it registers tsx itself before loading the TypeScript half.
import { register } from 'tsx/esm/api';

register();
await import('./log-worker-thread.ts');
