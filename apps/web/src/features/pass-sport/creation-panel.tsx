// The structure has no live Pass'Sport dossier yet: its name and RIB, then « Créer le dossier
// d'inscription ». The server answers the structure's existing dossier when another member created
// it meanwhile, with its own toast (spec §8), shown as it comes.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { PASS_SPORT_MESSAGES as M, passSportRoutes, type PspDossier, type PspStructure } from '@portail/contract';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { toast } from '../../lib/toast/toast-store.ts';

export function CreationPanel({ structure, onCreated }: { structure: PspStructure; onCreated: (dossier: PspDossier) => void }) {
  const [nom, setNom] = useState(structure.nom);
  const [rib, setRib] = useState(structure.ribs[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function create() {
    if (nom.trim() === '') {
      setError('Le nom de la structure est obligatoire.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await callApi(passSportRoutes.createPspDossier, {
        body: { structure: { id_siret: structure.id_siret, nom: nom.trim(), id_rib: rib || null } },
      });
      if (answer.created) toast.success(answer.message);
      else toast.info(answer.message);
      onCreated(answer.dossier);
    } catch (e) {
      setError(errorMessage(e, M.failure.create));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={fr.cx('fr-mt-4w')} aria-labelledby="psp-creation-titre">
      <h2 id="psp-creation-titre">Dossier d'inscription de la structure</h2>
      <p>
        Votre structure n'a pas encore de dossier Pass'Sport. Créez-le pour y inscrire les bénéficiaires avec leur code et demander le
        remboursement.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Input
          label="Nom de la structure"
          state={error ? 'error' : 'default'}
          stateRelatedMessage={error ?? undefined}
          nativeInputProps={{ value: nom, maxLength: 200, onChange: (e) => setNom(e.target.value), autoComplete: 'organization' }}
        />
        {structure.ribs.length > 0 && (
          <Select label="RIB du remboursement" nativeSelectProps={{ value: rib, onChange: (e) => setRib(e.target.value) }}>
            <option value="">Choisir plus tard</option>
            {structure.ribs.map((r) => (
              <option key={r.id} value={r.id}>
                {`${r.titulaire ?? 'RIB'} – ${r.iban}`}
              </option>
            ))}
          </Select>
        )}
        <Button type="submit" disabled={sending}>
          {sending ? 'Création…' : "Créer le dossier d'inscription"}
        </Button>
      </form>
    </section>
  );
}
