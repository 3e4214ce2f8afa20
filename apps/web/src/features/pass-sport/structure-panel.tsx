// The structure panel of a Pass'Sport dossier: its number and state, the structure (name, SIRET,
// RIB), what makes it eligible, and the federations it registers its beneficiaries under. While the
// dossier may change (the server's `options.modifier`), a federation for which the association has
// an affiliation certificate (of the open exercise or an earlier one) is added, and one is removed unless inscriptions are linked to it (the
// server's refusal of §8 is said beside the list).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { formatSiret, MESSAGES, passSportRoutes, type PspDossier, type PspExercice, type PspFederation, type PspStructure } from '@portail/contract';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { pspStateSeverity } from './pass-sport-states.ts';

interface StructurePanelProps {
  structure: PspStructure;
  dossier: PspDossier;
  exercices: PspExercice[];
  onChanged: () => Promise<unknown>;
}

export function StructurePanel({ structure, dossier, exercices, onChanged }: StructurePanelProps) {
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState('');
  const rib = structure.ribs.find((r) => r.id === dossier.structure.id_rib);
  const inDossier = new Set(dossier.federations.map((f) => f.siren));
  // The certificates' federations not in the dossier yet (one per federation), a certificate of the
  // open exercise or an earlier one (as the server asks; any while no exercise is open).
  const open = exercices.find((x) => x.active)?.id ?? Infinity;
  const addable = [
    ...new Map(structure.attestations.filter((a) => !inDossier.has(a.siren_federation) && a.exercice_id <= open).map((a) => [a.siren_federation, a])).values(),
  ];

  async function saveFederations(federations: PspFederation[], done: string) {
    setBusy(true);
    setOutcome(null);
    try {
      await callApi(passSportRoutes.updatePspDossier, { params: { id: dossier.id }, query: {}, body: { federations } });
      setOutcome({ severity: 'success', text: done });
      setChosen('');
      await onChanged();
    } catch (e) {
      setOutcome({ severity: 'error', text: errorMessage(e, MESSAGES.httpEmpty) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={fr.cx('fr-mt-4w')} aria-labelledby="psp-structure-titre">
      <h2 id="psp-structure-titre">Structure</h2>
      <p>
        Dossier n° {dossier.numero}{' '}
        <Badge severity={pspStateSeverity(dossier.id_etat)} small noIcon>
          {dossier.libelle_etat}
        </Badge>
      </p>
      <dl className={fr.cx('fr-mb-2w')}>
        <dt className={fr.cx('fr-text--bold', 'fr-mb-0')}>Nom de la structure</dt>
        <dd className={fr.cx('fr-ml-0', 'fr-mb-1w')}>{dossier.structure.nom}</dd>
        <dt className={fr.cx('fr-text--bold', 'fr-mb-0')}>SIRET</dt>
        <dd className={fr.cx('fr-ml-0', 'fr-mb-1w')}>{formatSiret(dossier.structure.id_siret)}</dd>
        <dt className={fr.cx('fr-text--bold', 'fr-mb-0')}>RIB du remboursement</dt>
        <dd className={fr.cx('fr-ml-0', 'fr-mb-1w')}>{rib ? `${rib.titulaire ?? 'RIB'} – ${rib.iban}` : 'Non choisi'}</dd>
        <dt className={fr.cx('fr-text--bold', 'fr-mb-0')}>Éligibilité</dt>
        <dd className={fr.cx('fr-ml-0', 'fr-mb-1w')}>
          {[...structure.affiliations_reconnues.map((a) => `Affiliation : ${a}`), ...structure.agrements_eligibles.map((a) => `Agrément ${a}`)].join(' ; ')}
        </dd>
      </dl>

      <h3 className={fr.cx('fr-h6')}>Fédérations du dossier</h3>
      {dossier.federations.length === 0 ? (
        <p>Aucune fédération : ajoutez celles auxquelles la structure est affiliée pour y rattacher les inscriptions.</p>
      ) : (
        <ul>
          {dossier.federations.map((f) => (
            <li key={f.siren}>
              {f.nom} (SIREN {f.siren}){' '}
              {dossier.options.modifier && (
                <Button
                  size="small"
                  priority="tertiary no outline"
                  disabled={busy}
                  onClick={() => void saveFederations(dossier.federations.filter((x) => x.siren !== f.siren), `La fédération ${f.nom} a été retirée du dossier.`)}
                  nativeButtonProps={{ 'aria-label': `Retirer la fédération ${f.nom}` }}
                >
                  Retirer
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {dossier.options.modifier && addable.length > 0 && (
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--bottom', 'fr-grid-row--gutters')}>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            <Select
              label="Fédération attestée à ajouter"
              nativeSelectProps={{ value: chosen, onChange: (e) => setChosen(e.target.value) }}
            >
              <option value="">Choisir une fédération</option>
              {addable.map((a) => (
                <option key={a.siren_federation} value={a.siren_federation}>
                  {a.nom_federation}
                </option>
              ))}
            </Select>
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-mb-3w')}>
            <Button
              priority="secondary"
              disabled={busy || chosen === ''}
              onClick={() => {
                const a = addable.find((x) => x.siren_federation === chosen)!;
                void saveFederations(
                  [...dossier.federations, { siren: a.siren_federation, nom: a.nom_federation }],
                  `La fédération ${a.nom_federation} a été ajoutée au dossier.`,
                );
              }}
            >
              Ajouter la fédération
            </Button>
          </div>
        </div>
      )}
      <div aria-live="polite" role="status">
        {outcome && <Alert severity={outcome.severity} small description={outcome.text} />}
      </div>
    </section>
  );
}
