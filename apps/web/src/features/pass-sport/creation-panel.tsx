// The structure has no live Pass'Sport dossier yet: its name and RIB, then « Créer le dossier
// d'inscription ». The server answers the structure's existing dossier when another member created
// it meanwhile, with its own toast (spec §8), shown as it comes. Sent once at a time; a refusal is
// shown in the focused error summary.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { MESSAGES, PASS_SPORT_LIMITS, passSportRoutes, type PspDossier, type PspStructure } from '@portail/contract';
import { useState } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { serverKeyIn } from '../../lib/forms/field-errors.ts';
import { useSending } from '../../lib/forms/use-sending.ts';
import { toast } from '../../lib/toast/toast-store.ts';

export function CreationPanel({ structure, onCreated }: { structure: PspStructure; onCreated: (dossier: PspDossier) => void }) {
  const [nom, setNom] = useState(structure.nom);
  const [rib, setRib] = useState(structure.ribs[0]?.id ?? '');
  const { summary, errors, refuse, fix, send, sending } = useSending({ fieldOfServerKey: serverKeyIn(['nom', 'id_rib']) });

  async function create() {
    if (refuse(nom.trim() === '' ? { nom: MESSAGES.required('nom de la structure') } : {})) return;
    await send(async () => {
      const answer = await callApi(passSportRoutes.createPspDossier, {
        body: { structure: { id_siret: structure.id_siret, nom: nom.trim(), id_rib: rib || null } },
      });
      if (answer.created) toast.success(answer.message);
      else toast.info(answer.message);
      onCreated(answer.dossier);
    });
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
        <ErrorSummary {...summary} />
        <Input
          label="Nom de la structure"
          state={errors.nom ? 'error' : 'default'}
          stateRelatedMessage={errors.nom}
          nativeInputProps={{
            id: 'field-nom',
            value: nom,
            maxLength: PASS_SPORT_LIMITS.nom,
            'aria-invalid': errors.nom ? true : undefined,
            onChange: (e) => {
              setNom(e.target.value);
              fix('nom');
            },
            autoComplete: 'organization',
          }}
        />
        {structure.ribs.length > 0 && (
          <Select
            label="RIB du remboursement"
            state={errors.id_rib ? 'error' : 'default'}
            stateRelatedMessage={errors.id_rib}
            nativeSelectProps={{
              id: 'field-id_rib',
              value: rib,
              'aria-invalid': errors.id_rib ? true : undefined,
              onChange: (e) => {
                setRib(e.target.value);
                fix('id_rib');
              },
            }}
          >
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
