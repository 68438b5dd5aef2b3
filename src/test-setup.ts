import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Components load their lazy parts (the lender choice, the schema) as a browser does; with two test workers on
// two cores such an import can take longer than Testing Library's default second to arrive.
configure({ asyncUtilTimeout: 5_000 });
