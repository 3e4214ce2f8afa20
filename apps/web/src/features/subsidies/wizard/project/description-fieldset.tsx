// The project's description: title, new project or renewal (the dossier's answer by default),
// objectives, description, dates, and its period on the dossier's exercises (the last exercise of a
// multi-year project chosen within the dossier's).
import { fr } from '@codegouvfr/react-dsfr';
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { DOSSIER_LIMITS, RECURRENCE_DEFAULT, RECURRENCE_RENOUVELLEMENT, type Dossier, type Subvention } from '@portail/contract';
import { alignOnDossier, type ProjectDraft } from './project-draft.ts';
import { ProjectField, type ProjectPartProps } from './project-field.tsx';

type DescriptionKey = 'intitule' | 'objectifs' | 'description' | 'date_debut' | 'date_fin';
/** Each text's bound, the contract's as the project's schema applies it (projetInputSchema). */
const TEXT_LIMITS: Partial<Record<DescriptionKey, number>> = { intitule: DOSSIER_LIMITS.label, objectifs: DOSSIER_LIMITS.longText, description: DOSSIER_LIMITS.longText };

export function DescriptionFieldset({ projet, update, errors, readOnly, idOf, dossier, subvention }: ProjectPartProps & { dossier: Dossier; subvention: Subvention }) {
  const d = projet.description;
  const setText = (name: DescriptionKey, value: string) =>
    update(`description.${name}`, (p) => ({ ...p, description: { ...p.description, [name]: value === '' && (name === 'date_debut' || name === 'date_fin') ? null : value } }));
  const field = (name: DescriptionKey, label: string, options: { textArea?: boolean; required?: boolean; type?: 'date' } = {}) => (
    <div className={fr.cx('fr-fieldset__element')}>
      <ProjectField
        id={idOf(`description.${name}`)}
        label={label}
        required={options.required}
        {...(options.type ? { type: options.type } : { textArea: options.textArea, maxLength: TEXT_LIMITS[name]! })}
        error={errors[`description.${name}`]}
        readOnly={readOnly}
        value={d[name]}
        onChange={(value) => setText(name, value)}
      />
    </div>
  );
  const recurrenceError = errors['description.recurrence'];
  return (
    <fieldset className={fr.cx('fr-fieldset')}>
      <legend className={fr.cx('fr-fieldset__legend')}>Description du projet</legend>
      {field('intitule', 'Intitulé', { required: true })}
      <div className={fr.cx('fr-fieldset__element')}>
        <RadioButtons
          id={idOf('description.recurrence')}
          legend="Nouveau projet ou renouvellement"
          hintText={
            dossier.description.renouvellement === null ? undefined : `Le dossier ${dossier.description.renouvellement ? 'est' : 'n’est pas'} le renouvellement d’une demande.`
          }
          name={`${idOf('description.recurrence')}-choix`}
          orientation="horizontal"
          disabled={readOnly}
          state={recurrenceError ? 'error' : 'default'}
          stateRelatedMessage={recurrenceError}
          options={[
            { value: RECURRENCE_DEFAULT, label: 'Nouveau projet' },
            { value: RECURRENCE_RENOUVELLEMENT, label: 'Renouvellement' },
          ].map((choice) => ({
            label: choice.label,
            nativeInputProps: {
              value: choice.value,
              checked: d.recurrence === choice.value,
              onChange: () => update('description.recurrence', (p) => ({ ...p, description: { ...p.description, recurrence: choice.value } })),
            },
          }))}
        />
      </div>
      {field('objectifs', 'Objectifs', { textArea: true })}
      {field('description', 'Description', { textArea: true })}
      {field('date_debut', 'Date de début', { type: 'date' })}
      {field('date_fin', 'Date de fin', { type: 'date' })}
      <div className={fr.cx('fr-fieldset__element')}>
        <p data-testid={`${idOf('periode')}`}>
          Période : <strong>{d.periode}</strong>, exercice{d.exercice === d.exercice_fin ? ` ${d.exercice}` : `s ${d.exercice} à ${d.exercice_fin}`}
        </p>
        {d.periode === 'Pluriannuel' && !readOnly && (
          <ProjectField
            id={idOf('description.exercice_fin')}
            label="Dernier exercice du projet"
            hint={`Au plus tard ${dossier.description.exercice_fin ?? d.exercice_fin}`}
            type="number"
            min={dossier.description.exercice}
            max={dossier.description.exercice_fin ?? undefined}
            error={errors['description.exercice_fin']}
            readOnly={readOnly}
            value={d.exercice_fin}
            onChange={(value) => {
              const year = Number(value);
              if (Number.isInteger(year))
                update('description.exercice_fin', (p: ProjectDraft) => alignOnDossier({ ...p, description: { ...p.description, exercice_fin: year } }, dossier, subvention));
            }}
          />
        )}
      </div>
    </fieldset>
  );
}
