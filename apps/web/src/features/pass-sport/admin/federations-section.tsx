// The referential of approved sports federations (federations-sportives), which decides eligibility:
// an association is eligible when one of its networks is named by a federation's name or acronym. A
// federation is added (name, acronym, group, SIREN) or removed; the referential's whole list is
// saved at once (PATCH /referentiels/{id}).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { MESSAGES, pspNameKey, referentielRoutes, type ReferentielOption } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../../lib/api/index.ts';
import { ConfirmAction } from '../../../lib/ui/confirm-action.tsx';
import { DataTable } from '../../../lib/ui/data-table.tsx';
import { useAdminAction } from './use-admin-action.tsx';

const TYPE = 'federations-sportives';
const metaOf = (o: ReferentielOption) => (o.meta ?? {}) as { groupe?: string; sigle?: string; siren?: string | null };
const slug = (nom: string) => pspNameKey(nom).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 100);

export function FederationsSection({ id }: { id: string }) {
  const referentiel = useQuery({
    queryKey: ['referentiel', TYPE],
    queryFn: () => callApi(referentielRoutes.get, { query: { type: TYPE } }),
    retry: false,
  });
  const { run, refuse, busy, outcome } = useAdminAction(['referentiel', TYPE]);
  const [nom, setNom] = useState('');
  const [sigle, setSigle] = useState('');
  const [siren, setSiren] = useState('');
  const [groupe, setGroupe] = useState('');
  const options = referentiel.data?.options ?? [];
  const groupes = [...new Set(options.map((o) => metaOf(o).groupe).filter((g): g is string => !!g))];

  const save = (next: ReferentielOption[], done: string) =>
    run(() => callApi(referentielRoutes.update, { params: { id: referentiel.data!._id }, body: { options: next } }), done);

  async function add() {
    if (nom.trim() === '') {
      refuse(MESSAGES.required('nom de la fédération'));
      return;
    }
    const option = { value: slug(nom), label: nom.trim(), meta: { groupe: groupe || groupes[0] || null, sigle: sigle.trim() || null, siren: siren.replace(/\s/g, '') || null } };
    if (await save([...options, option], `La fédération ${option.label} est ajoutée.`)) {
      setNom('');
      setSigle('');
      setSiren('');
    }
  }

  return (
    <section id={id} aria-labelledby={`${id}-titre`} className={fr.cx('fr-mb-6w')}>
      <h2 id={`${id}-titre`}>Fédérations agréées</h2>
      <p>Une association affiliée à l'une de ces fédérations (par son nom ou son sigle) est éligible au Pass'Sport.</p>
      <div aria-live="polite" role="status">
        {outcome}
      </div>
      {referentiel.error && <Alert severity="error" small description={errorMessage(referentiel.error, MESSAGES.httpEmpty)} />}
      {referentiel.data && (
        <DataTable
          caption={`Fédérations sportives agréées (${options.length})`}
          rowHeaders
          headers={['Fédération', 'Sigle', 'Groupe', 'SIREN', 'Action']}
          data={options.map((o) => [
            o.label,
            metaOf(o).sigle ?? '—',
            metaOf(o).groupe ?? '—',
            metaOf(o).siren ?? '—',
            <ConfirmAction
              key="retirer"
              label="Retirer"
              ariaLabel={`Retirer la fédération ${o.label}`}
              question={`Retirer ${o.label} des fédérations agréées ? Ses clubs ne seront plus éligibles par elle.`}
              confirmLabel="Retirer la fédération"
              onConfirm={async () => {
                await save(options.filter((x) => x.value !== o.value), `La fédération ${o.label} est retirée.`);
              }}
            />,
          ])}
        />
      )}
      {referentiel.data && (
        <form
          aria-label="Ajouter une fédération"
          className={fr.cx('fr-mt-3w')}
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <h3 className={fr.cx('fr-h6')}>Ajouter une fédération</h3>
          <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
            <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
              <Input label="Nom de la fédération" nativeInputProps={{ value: nom, maxLength: 300, onChange: (e) => setNom(e.target.value) }} />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-2')}>
              <Input label="Sigle" nativeInputProps={{ value: sigle, maxLength: 30, onChange: (e) => setSigle(e.target.value) }} />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
              <Input label="SIREN" hintText="Facultatif" nativeInputProps={{ value: siren, inputMode: 'numeric', maxLength: 11, onChange: (e) => setSiren(e.target.value) }} />
            </div>
            {groupes.length > 0 && (
              <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
                <Select label="Groupe" nativeSelectProps={{ value: groupe || groupes[0], onChange: (e) => setGroupe(e.target.value) }}>
                  {groupes.map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                </Select>
              </div>
            )}
          </div>
          <Button type="submit" disabled={busy}>
            Ajouter la fédération
          </Button>
        </form>
      )}
    </section>
  );
}
