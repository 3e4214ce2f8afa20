import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isBrowserSupported, type BrowserEnv } from '../src/features/shell/browser-support.ts';
import { UnsupportedBrowserBanner } from '../src/features/shell/unsupported-browser-banner.tsx';

const modern: BrowserEnv = {
  fetch: () => undefined,
  Promise,
  URLSearchParams,
  CSS: { supports: (property, value) => property === 'display' && value === 'grid' },
};

describe('unsupported browser banner', () => {
  it('recognises a modern browser', () => {
    expect(isBrowserSupported(modern)).toBe(true);
  });

  it.each<[string, BrowserEnv]>([
    ['no fetch', { ...modern, fetch: undefined }],
    ['no Promise', { ...modern, Promise: undefined }],
    ['no CSS.supports', { ...modern, CSS: undefined }],
    ['no grid', { ...modern, CSS: { supports: () => false } }],
  ])('flags a browser with %s', (_label, env) => {
    expect(isBrowserSupported(env)).toBe(false);
  });

  it('shows the notice only to old browsers', () => {
    const { rerender } = render(<UnsupportedBrowserBanner env={modern} />);
    expect(screen.queryByText(/navigateur n'est pas pris en charge/)).not.toBeInTheDocument();
    rerender(<UnsupportedBrowserBanner env={{ ...modern, fetch: undefined }} />);
    expect(screen.getByText("Votre navigateur n'est pas pris en charge.")).toBeInTheDocument();
  });
});
