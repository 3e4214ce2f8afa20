// The exercises: each one opened or closed (registrations need it open and today within its dates),
// and a new one created from its year and dates.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { MESSAGES, passSportRoutes, type PspExercice } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../../lib/api/index.ts';
import { formatIsoDay } from '../../../lib/format/date.ts';
import { DataTable } from '../../../lib/ui/data-table.tsx';
import { useAdminAction } from './use-admin-action.tsx';

export function ExercisesSection({ id }: { id: string }) {
  const { run, busy, outcome } = useAdminAction(['psp-exercices']);
  const exercices = useQuery({ queryKey: ['psp-exercices'], queryFn: () => callApi(passSportRoutes.listPspExercices), retry: false });
  const next = (exercices.data?.[0]?.id_exercice ?? new Date().getFullYear()) + 1;
  const [annee, setAnnee] = useState('');
  const [debut, setDebut] = useState('');
  const [fin, setFin] = useState('');

  const toggle = (x: PspExercice) =>
    run(
      () => callApi(passSportRoutes.updatePspExercice, { params: { id: String(x.id) }, body: { active: !x.active } }),
      x.active ? `L'exercice ${x.id_exercice} est clos.` : `L'exercice ${x.id_exercice} est ouvert.`,
    );

  async function create() {
    const year = Number(annee || next);
    const ok = await run(
      () => callApi(passSportRoutes.createPspExercice, { body: { annee: year, date_debut: debut || `${year}-01-01`, date_fin: fin || `${year}-12-31`, active: false } }),
      `L'exercice ${year} est créé (fermé : ouvrez-le quand les inscriptions commencent).`,
    );
    if (ok) {
      setAnnee('');
      setDebut('');
      setFin('');
    }
  }

  return (
    <section id={id} aria-labelledby={`${id}-titre`} className={fr.cx('fr-mb-6w')}>
      <h2 id={`${id}-titre`}>Exercices</h2>
      <div aria-live="polite" role="status">
        {outcome}
      </div>
      {exercices.error && <Alert severity="error" small description={errorMessage(exercices.error, MESSAGES.httpEmpty)} />}
      {exercices.data && (
        <DataTable
          caption={`Exercices (${exercices.data.length})`}
          rowHeaders
          headers={['Exercice', 'Codes', 'Ouverture', 'Clôture', 'Inscriptions', 'Action']}
          data={exercices.data.map((x) => [
            String(x.id_exercice),
            `${String(x.id).padStart(2, '0')}-XXXX-XXXX`,
            formatIsoDay(x.date_debut),
            formatIsoDay(x.date_fin),
            <Badge key="etat" severity={x.active ? 'success' : 'info'} small noIcon>
              {x.active ? 'Ouvertes' : 'Fermées'}
            </Badge>,
            <Button
              key="action"
              size="small"
              priority="secondary"
              disabled={busy}
              onClick={() => void toggle(x)}
              nativeButtonProps={{ 'aria-label': x.active ? `Clore l'exercice ${x.id_exercice}` : `Ouvrir l'exercice ${x.id_exercice}` }}
            >
              {x.active ? 'Clore' : 'Ouvrir'}
            </Button>,
          ])}
        />
      )}
      <form
        aria-label="Nouvel exercice"
        className={fr.cx('fr-mt-3w')}
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <h3 className={fr.cx('fr-h6')}>Nouvel exercice</h3>
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-grid-row--bottom')}>
          <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
            <Input label="Année" nativeInputProps={{ value: annee, placeholder: String(next), inputMode: 'numeric', maxLength: 4, onChange: (e) => setAnnee(e.target.value) }} />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
            <Input label="Ouverture" hintText="Le 1er janvier sinon" nativeInputProps={{ type: 'date', value: debut, onChange: (e) => setDebut(e.target.value) }} />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
            <Input label="Clôture" hintText="Le 31 décembre sinon" nativeInputProps={{ type: 'date', value: fin, onChange: (e) => setFin(e.target.value) }} />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-3', 'fr-mb-3w')}>
            <Button type="submit" disabled={busy}>
              Créer l'exercice
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}
