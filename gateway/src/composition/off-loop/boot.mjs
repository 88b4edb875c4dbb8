// The embedded workers' thread starts here, in plain JavaScript: it registers tsx's loader in
// this thread (the process's own does not reach worker threads), then imports the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread-main.ts');
