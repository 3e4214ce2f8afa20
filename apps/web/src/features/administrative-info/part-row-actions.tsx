// The actions of a row of an editable part: "Modifier", any extra action, then a confirmed
// "Supprimer"; their accessible names say which row (`what`, e.g. "les comptes 2024").
import { Button } from '@codegouvfr/react-dsfr/Button';
import type { ReactNode } from 'react';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';

/** "de" + `what` in French: des comptes, du RIB, de l’agrément. */
const of = (what: string) =>
  what.startsWith('les ') ? `des ${what.slice(4)}` : what.startsWith('le ') ? `du ${what.slice(3)}` : `de ${what}`;

interface RowActionsProps {
  what: string;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  children?: ReactNode;
}

export function RowActions({ what, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
      <Button
        size="small"
        priority="secondary"
        onClick={onEdit}
        nativeButtonProps={{ 'aria-label': `Modifier ${what}` }}
      >
        Modifier
      </Button>
      {children}
      <ConfirmAction
        label="Supprimer"
        ariaLabel={`Supprimer ${what}`}
        confirmLabel="Confirmer la suppression"
        confirmAriaLabel={`Confirmer la suppression ${of(what)}`}
        onConfirm={onDelete}
      />
    </div>
  );
}
