// How the project is funded: the amount asked per year and instructing service (the lines follow
// the project's period) with their total, and the other funders asked (co-financing), each with
// its amount.
import { fr } from '@codegouvfr/react-dsfr';
import { DOSSIER_LIMITS, type Cofinancement, type Subvention } from '@portail/contract';
import { formatEuros } from '../../format.ts';
import { LinesFieldset } from './lines-fieldset.tsx';
import { numberOrNull, ProjectField, type ProjectPartProps } from './project-field.tsx';

const wholeEuros = (text: string) => {
  const n = numberOrNull(text);
  return n === null ? null : Math.max(0, Math.trunc(n));
};

export function AmountsFieldset({ projet, update, errors, readOnly, idOf, subvention }: ProjectPartProps & { subvention: Subvention }) {
  const serviceName = (id: string) => subvention.instructeurs.find((i) => i.service.id === id)?.service.nom ?? 'Service instructeur';
  return (
    <fieldset className={fr.cx('fr-fieldset')}>
      <legend className={fr.cx('fr-fieldset__legend')}>Montants demandés</legend>
      {projet.financements.map((f, index) => (
        <div key={`${f.annee}-${f.id_service_instructeur}`} className={fr.cx('fr-fieldset__element')}>
          <ProjectField
            id={`${idOf('montant')}-${f.annee}-${index}`}
            label={`${f.annee} – ${serviceName(f.id_service_instructeur)} (€)`}
            type="number"
            min={0}
            step={1}
            error={errors[`financements.${index}.montant_demande`]}
            readOnly={readOnly}
            value={f.montant_demande}
            onChange={(value) =>
              update(`financements.${index}.montant_demande`, (p) => ({
                ...p,
                financements: p.financements.map((line, i) => (i === index ? { ...line, montant_demande: wholeEuros(value) } : line)),
              }))
            }
          />
        </div>
      ))}
      <p className={fr.cx('fr-fieldset__element')}>
        Total demandé : <strong data-testid={`${idOf('total-demande')}`}>{formatEuros(projet.financements.reduce((t, f) => t + (f.montant_demande ?? 0), 0))}</strong>
      </p>
    </fieldset>
  );
}

export function CofinancingFieldset({ projet, update, errors, readOnly, idOf }: ProjectPartProps) {
  const lines = projet.cofinancements as Cofinancement[];
  const setLines = (key: string, change: (lines: Cofinancement[]) => Cofinancement[]) => update(key, (p) => ({ ...p, cofinancements: change(p.cofinancements as Cofinancement[]) }));
  return (
    <LinesFieldset
      idPrefix={idOf('cofinancements')}
      legend="Cofinancements"
      hint="Les autres financeurs publics ou privés sollicités pour ce projet, et le montant demandé à chacun."
      lineName="Cofinanceur"
      addLabel="Ajouter un cofinanceur"
      removeLabel={(n) => `Retirer le cofinanceur ${n}`}
      empty="Aucun autre financeur sollicité."
      lines={lines}
      readOnly={readOnly}
      firstField="financeur"
      max={DOSSIER_LIMITS.cofinancementsPerProjet}
      onAdd={() => setLines('cofinancements', (current) => [...current, { financeur: '', montant: null }])}
      onRemove={(index) => setLines('cofinancements', (current) => current.filter((_, i) => i !== index))}
      renderLine={(line, index) => (
        <>
          <div className={fr.cx('fr-fieldset__element', 'fr-fieldset__element--inline')}>
            <ProjectField
              id={idOf(`cofinancements.${index}.financeur`)}
              maxLength={DOSSIER_LIMITS.label}
              label="Financeur"
              required
              error={errors[`cofinancements.${index}.financeur`]}
              readOnly={readOnly}
              value={line.financeur}
              onChange={(value) => setLines(`cofinancements.${index}.financeur`, (current) => current.map((c, i) => (i === index ? { ...c, financeur: value } : c)))}
            />
          </div>
          <div className={fr.cx('fr-fieldset__element', 'fr-fieldset__element--inline')}>
            <ProjectField
              id={idOf(`cofinancements.${index}.montant`)}
              label="Montant sollicité (€)"
              type="number"
              min={0}
              step={1}
              error={errors[`cofinancements.${index}.montant`]}
              readOnly={readOnly}
              value={line.montant}
              onChange={(value) => setLines(`cofinancements.${index}.montant`, (current) => current.map((c, i) => (i === index ? { ...c, montant: wholeEuros(value) } : c)))}
            />
          </div>
        </>
      )}
    />
  );
}
