// The inscriptions panel of a Pass'Sport dossier: a beneficiary added by their code (its format
// checked as it is typed, with the contract's message; then each refusal of §8 the server answers —
// unknown code, already registered, registrations closed or not open, federation certificate —
// said under the field), the inscriptions filtered by exercise, state and name, code or commune,
// one removed after a confirmation (the server answers the updated inscription), and the dossier's
// PDF.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Select } from '@codegouvfr/react-dsfr/Select';
import {
  codePspSchema,
  PASS_SPORT_MESSAGES as M,
  MESSAGES,
  passSportRoutes,
  pspNameKey,
  routeUrl,
  type PspDossier,
  type PspExercice,
  type PspInscription,
} from '@portail/contract';
import { useId, useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { fetchWithToken, saveBlob } from '../../lib/api/download.ts';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { PdfButton } from '../subsidies/index.ts';

/** A code is complete at 12 characters (YY-XXXX-XXXX): checked from then on, or when the field is left. */
const CODE_LENGTH = 12;
type StateFilter = 'standing' | 'removed' | 'all';
const STATE_FILTERS: Record<StateFilter, string> = { standing: 'Inscrits', removed: 'Supprimés', all: 'Tous' };

const nameOf = (i: PspInscription) => `${i.beneficiaire.prenom} ${i.beneficiaire.nom}`;
const formatError = (value: string) => {
  const parsed = codePspSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? M.invalidCode);
};

interface InscriptionsPanelProps {
  dossier: PspDossier;
  idSiret: string;
  exercices: PspExercice[];
  onChanged: () => Promise<unknown>;
}

async function downloadPdf(dossier: PspDossier, idSiret: string) {
  const response = await fetchWithToken(routeUrl(passSportRoutes.pspDossierPdf, { id: dossier.id }), () =>
    callApi(passSportRoutes.listPspDossiers, { query: { idSiret } }),
  );
  saveBlob(await response.blob(), `pass-sport-${dossier.numero}.pdf`);
}

export function InscriptionsPanel({ dossier, idSiret, exercices, onChanged }: InscriptionsPanelProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [code, setCode] = useState('');
  const [federation, setFederation] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [exercice, setExercice] = useState('');
  const [state, setState] = useState<StateFilter>('standing');
  const [search, setSearch] = useState('');

  async function add() {
    setOutcome(null);
    const refused = formatError(code);
    setCodeError(refused);
    if (refused) {
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    setSending(true);
    try {
      const added = await callApi(passSportRoutes.addPspInscription, {
        params: { id: dossier.id },
        body: { code_psp: code, federation_siren: federation || null },
      });
      setOutcome({ severity: 'success', text: `${nameOf(added)} (${added.beneficiaire.id_psp}) est inscrit au Pass'Sport.` });
      setCode('');
      await onChanged();
    } catch (e) {
      setCodeError(errorMessage(e, M.failure.inscription));
      document.getElementById(`${id}-code`)?.focus();
    } finally {
      setSending(false);
    }
  }

  async function remove(inscription: PspInscription) {
    setOutcome(null);
    try {
      const removed = await callApi(passSportRoutes.removePspInscription, { params: { id: dossier.id, inscriptionId: inscription.id } });
      setOutcome({ severity: 'success', text: `L'inscription de ${nameOf(removed)} a été supprimée.` });
      await onChanged();
    } catch (e) {
      setOutcome({ severity: 'error', text: errorMessage(e, MESSAGES.httpEmpty) });
    }
  }

  const key = pspNameKey(search);
  const shown = dossier.inscriptions.filter(
    (i) =>
      (exercice === '' || String(i.exercice_id) === exercice) &&
      (state === 'all' || (state === 'standing' ? i.id_etat === '1' : i.id_etat === '8')) &&
      (key === '' ||
        pspNameKey(`${i.beneficiaire.prenom} ${i.beneficiaire.nom}`).includes(key) ||
        pspNameKey(i.beneficiaire.id_psp).includes(key) ||
        pspNameKey(i.beneficiaire.adresse.commune).includes(key)),
  );
  const standing = dossier.inscriptions.filter((i) => i.id_etat === '1').length;
  const federationName = (siren: string | null) => dossier.federations.find((f) => f.siren === siren)?.nom ?? '—';

  return (
    <section className={fr.cx('fr-mt-6w')} aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Inscriptions</h2>
      <p>
        {standing === 0 ? 'Aucun bénéficiaire inscrit.' : `${standing} bénéficiaire${standing > 1 ? 's' : ''} inscrit${standing > 1 ? 's' : ''}.`}
      </p>

      {dossier.options.modifier ? (
        <form
          noValidate
          aria-label="Inscrire un bénéficiaire"
          className={fr.cx('fr-mb-3w')}
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-grid-row--bottom')}>
            <div className={fr.cx('fr-col-12', 'fr-col-md-5')}>
              <Input
                label="Code Pass'Sport du bénéficiaire"
                hintText="Format : 24-XXXX-XXXX (l'année de l'exercice, puis deux fois quatre lettres, sans I ni O)"
                state={codeError ? 'error' : 'default'}
                stateRelatedMessage={codeError ?? undefined}
                nativeInputProps={{
                  id: `${id}-code`,
                  value: code,
                  maxLength: 20,
                  autoComplete: 'off',
                  spellCheck: false,
                  onChange: (e) => {
                    const value = e.target.value.toUpperCase();
                    setCode(value);
                    setCodeError(value.trim().length >= CODE_LENGTH ? formatError(value) : null);
                  },
                  onBlur: () => setCodeError(code.trim() === '' ? null : formatError(code)),
                }}
              />
            </div>
            {dossier.federations.length > 0 && (
              <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
                <Select label="Fédération" nativeSelectProps={{ value: federation, onChange: (e) => setFederation(e.target.value) }}>
                  <option value="">Sans fédération</option>
                  {dossier.federations.map((f) => (
                    <option key={f.siren} value={f.siren}>
                      {f.nom}
                    </option>
                  ))}
                </Select>
              </div>
            )}
            <div className={fr.cx('fr-col-12', 'fr-col-md-3', 'fr-mb-3w')}>
              <Button type="submit" disabled={sending}>
                {sending ? 'Inscription…' : 'Inscrire'}
              </Button>
            </div>
          </div>
        </form>
      ) : (
        <p>Le dossier est {dossier.libelle_etat.toLowerCase()} : ses inscriptions ne peuvent plus changer.</p>
      )}
      <div aria-live="polite" role="status">
        {outcome && <Alert severity={outcome.severity} small description={outcome.text} className={fr.cx('fr-mb-2w')} />}
      </div>

      <fieldset className={fr.cx('fr-fieldset')} aria-label="Filtrer les inscriptions">
        <legend className={fr.cx('fr-fieldset__legend', 'fr-text--regular')}>Filtrer les inscriptions</legend>
        <div className={fr.cx('fr-fieldset__element', 'fr-col-12', 'fr-col-md-4')}>
          <Select label="Exercice" nativeSelectProps={{ value: exercice, onChange: (e) => setExercice(e.target.value) }}>
            <option value="">Tous les exercices</option>
            {exercices.map((x) => (
              <option key={x.id} value={String(x.id)}>
                {`Exercice ${x.date_debut.slice(0, 4)}`}
              </option>
            ))}
          </Select>
        </div>
        <div className={fr.cx('fr-fieldset__element', 'fr-col-12', 'fr-col-md-4')}>
          <Select label="État" nativeSelectProps={{ value: state, onChange: (e) => setState(e.target.value as StateFilter) }}>
            {Object.entries(STATE_FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <div className={fr.cx('fr-fieldset__element', 'fr-col-12', 'fr-col-md-4')}>
          <Input
            label="Nom, code ou commune"
            nativeInputProps={{ value: search, type: 'search', onChange: (e) => setSearch(e.target.value) }}
          />
        </div>
      </fieldset>

      {shown.length === 0 ? (
        <p>Aucune inscription ne correspond aux filtres.</p>
      ) : (
        <DataTable
          caption={`Inscriptions du dossier (${shown.length})`}
          rowHeaders
          headers={['Bénéficiaire', 'Code', 'Commune', 'Fédération', 'Exercice', 'État', 'Actions']}
          data={shown.map((i) => [
            nameOf(i),
            i.beneficiaire.id_psp,
            `${i.beneficiaire.adresse.commune} (${i.beneficiaire.adresse.code_postal})`,
            federationName(i.federation.siren),
            exercices.find((x) => x.id === i.exercice_id)?.date_debut.slice(0, 4) ?? String(i.exercice_id),
            <Badge key="etat" severity={i.id_etat === '1' ? 'success' : 'error'} small noIcon>
              {i.libelle_etat}
            </Badge>,
            dossier.options.modifier && i.id_etat === '1' ? (
              <ConfirmAction
                key="retirer"
                label="Supprimer"
                ariaLabel={`Supprimer l'inscription de ${nameOf(i)}`}
                question={`Supprimer l'inscription de ${nameOf(i)} ?`}
                confirmLabel="Supprimer l'inscription"
                onConfirm={() => remove(i)}
              />
            ) : (
              '—'
            ),
          ])}
        />
      )}
      <p className={fr.cx('fr-mt-3w')}>
        <PdfButton label="Télécharger le dossier (PDF)" download={() => downloadPdf(dossier, idSiret)} />
      </p>
    </section>
  );
}
