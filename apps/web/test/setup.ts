// Test setup: jest-dom matchers, the router's Link registered in DSFR, DOM cleanup and fresh storage.
import '@testing-library/jest-dom/vitest';
import { setLink } from '@codegouvfr/react-dsfr/link';
import { cleanup, configure } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { afterEach } from 'vitest';
import { forgetShownPath } from '../src/lib/focus/route-focus.tsx';

// findBy… and waitFor wait up to 5 s rather than 1 s: on a loaded machine a page's data arrives later.
configure({ asyncUtilTimeout: 5_000 });

// What startReactDsfr does in main.tsx, without starting the DSFR scripts.
setLink({ Link: Link as unknown as Parameters<typeof setLink>[0]['Link'] });

afterEach(() => {
  cleanup();
  forgetShownPath();
  localStorage.clear();
  sessionStorage.clear();
});
