// The confirmation modal (lib/ui/confirm-dialog.tsx) opened from inside a form — the financial
// report's « Transmettre », for one — acts by its own buttons only: confirming or cancelling never
// submits the form around it (a second save racing the action, and the focus taken from its result).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../src/lib/ui/confirm-dialog.tsx';

function FormWithDialog({ onSubmit, onConfirm }: { onSubmit: () => void; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <form
      aria-label="Formulaire"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <button type="button" onClick={() => setOpen(true)}>
        Transmettre
      </button>
      <ConfirmDialog open={open} title="Transmettre ?" confirmLabel="Confirmer" onConfirm={onConfirm} onClose={() => setOpen(false)} />
    </form>
  );
}

describe('a confirmation modal inside a form', () => {
  it('confirms without submitting the form', async () => {
    const onSubmit = vi.fn();
    const onConfirm = vi.fn();
    render(<FormWithDialog onSubmit={onSubmit} onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Transmettre' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cancels without submitting the form', async () => {
    const onSubmit = vi.fn();
    render(<FormWithDialog onSubmit={onSubmit} onConfirm={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Transmettre' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
