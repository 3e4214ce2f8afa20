// Who the project is for and where: the public lines (Cerfa 12156 « public bénéficiaire »: the
// public, its age range, its gender, how many people) and the territories, with the comment the
// PDF prints under « Territoires ».
import { fr } from '@codegouvfr/react-dsfr';
import { DOSSIER_LIMITS, type Beneficiaire, type Territoire } from '@portail/contract';
import { LinesFieldset } from './lines-fieldset.tsx';
import type { ProjectDraft } from './project-draft.ts';
import { numberOrNull, ProjectField, type ProjectPartProps } from './project-field.tsx';

type BeneficiaireLine = ProjectDraft['beneficiaire'][number];
const newBeneficiaire = (): BeneficiaireLine => ({ id_statut: null, lib_statut: '', id_tranche_age: null, lib_tranche_age: null, id_genre: null, lib_genre: null, nombre: null });

interface BeneficiaryLinesProps {
  lines: readonly BeneficiaireLine[];
  /** Changes the lines; `key` names the field changed, whose error then goes. */
  setLines: (key: string, change: (lines: BeneficiaireLine[]) => BeneficiaireLine[]) => void;
  errors: Readonly<Record<string, string>>;
  readOnly: boolean;
  /** The id of a field key's input (`beneficiaire.<i>.<field>`). */
  idOf: (key: string) => string;
  legend?: string;
  hint?: string;
}

/** The public lines of a project: asked in the dossier, reported as reached in its financial report. */
export function BeneficiaryLines({ lines, setLines, errors, readOnly, idOf, legend = 'Public bénéficiaire', hint = 'Les publics visés par le projet, leur tranche d’âge, leur genre et leur nombre.' }: BeneficiaryLinesProps) {
  const setLine = (index: number, key: keyof Beneficiaire, value: string | number | null) =>
    setLines(`beneficiaire.${index}.${key}`, (current) => current.map((b, i) => (i === index ? { ...b, [key]: value } : b)));
  const text = (index: number, key: 'lib_statut' | 'lib_tranche_age' | 'lib_genre', label: string, required = false) => (
    <div className={fr.cx('fr-fieldset__element', 'fr-fieldset__element--inline')}>
      <ProjectField
        id={idOf(`beneficiaire.${index}.${key}`)}
        maxLength={DOSSIER_LIMITS.label}
        label={label}
        required={required}
        error={errors[`beneficiaire.${index}.${key}`]}
        readOnly={readOnly}
        value={lines[index]![key]}
        onChange={(value) => setLine(index, key, value === '' ? null : value)}
      />
    </div>
  );
  return (
    <LinesFieldset
      idPrefix={idOf('beneficiaire')}
      legend={legend}
      hint={hint}
      lineName="Public"
      addLabel="Ajouter un public"
      removeLabel={(n) => `Retirer le public ${n}`}
      empty="Aucun public renseigné."
      lines={lines}
      readOnly={readOnly}
      firstField="lib_statut"
      max={DOSSIER_LIMITS.beneficiairesPerProjet}
      onAdd={() => setLines('beneficiaire', (current) => [...current, newBeneficiaire()])}
      onRemove={(index) => setLines('beneficiaire', (current) => current.filter((_, i) => i !== index))}
      renderLine={(line, index) => (
        <>
          {text(index, 'lib_statut', 'Public', true)}
          {text(index, 'lib_tranche_age', 'Tranche d’âge')}
          {text(index, 'lib_genre', 'Genre')}
          <div className={fr.cx('fr-fieldset__element', 'fr-fieldset__element--inline')}>
            <ProjectField
              id={idOf(`beneficiaire.${index}.nombre`)}
              label="Nombre de personnes"
              type="number"
              min={0}
              step={1}
              error={errors[`beneficiaire.${index}.nombre`]}
              readOnly={readOnly}
              value={line.nombre}
              onChange={(value) => {
                const n = numberOrNull(value);
                setLine(index, 'nombre', n === null ? null : Math.max(0, Math.trunc(n)));
              }}
            />
          </div>
        </>
      )}
    />
  );
}

export function BeneficiariesFieldset({ projet, update, errors, readOnly, idOf }: ProjectPartProps) {
  return (
    <BeneficiaryLines
      lines={projet.beneficiaire}
      setLines={(key, change) => update(key, (p) => ({ ...p, beneficiaire: change(p.beneficiaire) }))}
      errors={errors}
      readOnly={readOnly}
      idOf={idOf}
    />
  );
}

export function TerritoriesFieldset({ projet, update, errors, readOnly, idOf }: ProjectPartProps) {
  const lines = projet.territoires.territoires as Territoire[];
  const setLines = (key: string, change: (lines: Territoire[]) => Territoire[]) =>
    update(key, (p) => ({ ...p, territoires: { ...p.territoires, territoires: change(p.territoires.territoires as Territoire[]) } }));
  return (
    <>
      <LinesFieldset
        idPrefix={idOf('territoires.territoires')}
        legend="Territoires de réalisation"
        hint="Communes, départements ou régions où le projet se déroule."
        lineName="Territoire"
        addLabel="Ajouter un territoire"
        removeLabel={(n) => `Retirer le territoire ${n}`}
        empty="Aucun territoire renseigné."
        lines={lines}
        readOnly={readOnly}
        firstField="libelle"
        max={DOSSIER_LIMITS.territoiresPerProjet}
        onAdd={() => setLines('territoires.territoires', (current) => [...current, { libelle: '' }])}
        onRemove={(index) => setLines('territoires.territoires', (current) => current.filter((_, i) => i !== index))}
        renderLine={(line, index) => (
          <div className={fr.cx('fr-fieldset__element')}>
            <ProjectField
              id={idOf(`territoires.territoires.${index}.libelle`)}
              maxLength={DOSSIER_LIMITS.label}
              label="Territoire"
              required
              error={errors[`territoires.territoires.${index}.libelle`]}
              readOnly={readOnly}
              value={line.libelle}
              onChange={(value) => setLines(`territoires.territoires.${index}.libelle`, (current) => current.map((t, i) => (i === index ? { libelle: value } : t)))}
            />
          </div>
        )}
      />
      <div className={fr.cx('fr-fieldset__element')}>
        <ProjectField
          id={idOf('territoires.commentaire')}
          maxLength={DOSSIER_LIMITS.comment}
          label="Précisions sur les territoires"
          hint="Imprimé dans le dossier sous « Territoires »."
          textArea
          error={errors['territoires.commentaire']}
          readOnly={readOnly}
          value={projet.territoires.commentaire}
          onChange={(value) => update('territoires.commentaire', (p) => ({ ...p, territoires: { ...p.territoires, commentaire: value } }))}
        />
      </div>
    </>
  );
}
