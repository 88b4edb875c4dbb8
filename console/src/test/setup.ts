import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only when test globals are on; ours are imported, so
// unmount here: otherwise React may run scheduled work after jsdom is torn down.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Pages are lazy chunks: on a loaded CI machine the first import of one can take longer than
// Testing Library's 1 s default for findBy*/waitFor; the wait still ends as soon as it passes.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no ResizeObserver; Headless UI's anchored menus observe their button with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom has no object URLs; downloads (saveDownload) make one for the fetched file.
URL.createObjectURL ??= () => 'blob:test';
URL.revokeObjectURL ??= () => undefined;
