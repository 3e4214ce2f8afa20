// Layout parts loaded after the first paint: shown once their chunk arrives; a chunk that fails to
// load (after the one reload already spent) leaves the part out, never the page around it.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyLayoutPart } from '../src/app/chunk-reload.ts';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main>
      <h1>Page</h1>
      <Suspense fallback={null}>{children}</Suspense>
    </main>
  );
}

describe('lazyLayoutPart', () => {
  it('renders the part once its chunk is loaded', async () => {
    const Part = lazyLayoutPart(async () => ({ label }: { label: string }) => <p>{label}</p>);
    render(
      <Frame>
        <Part label="Note chargée" />
      </Frame>,
    );
    expect(await screen.findByText('Note chargée')).toBeInTheDocument();
  });

  it('leaves the part out when its chunk fails and a reload was just spent', async () => {
    sessionStorage.setItem('lca.chunkReloadAt', String(Date.now()));
    const Part = lazyLayoutPart<object>(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const { container } = render(
      <Frame>
        <Part />
      </Frame>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(container.querySelector('main')?.children).toHaveLength(1);
  });
});
