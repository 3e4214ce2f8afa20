// Means and evaluation (spec §5): the specific recruitment and its FTE (required with it), then the
// evaluation: indicators ranked from 1 in their order, each with its title, minimum and maximum
// expected; without any indicator, the evaluation comment is required.
import { fr } from '@codegouvfr/react-dsfr';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import { DOSSIER_LIMITS } from '@portail/contract';
import { LinesFieldset } from './lines-fieldset.tsx';
import { numberOrNull, ProjectField, type ProjectPartProps } from './project-field.tsx';

export function MeansFieldset({ projet, update, errors, readOnly, idOf }: ProjectPartProps) {
  const moyens = projet.moyens;
  return (
    <fieldset className={fr.cx('fr-fieldset')}>
      <legend className={fr.cx('fr-fieldset__legend')}>Moyens mis en œuvre</legend>
      <div className={fr.cx('fr-fieldset__element')}>
        <ProjectField
          id={idOf('moyens.commentaire')}
          maxLength={DOSSIER_LIMITS.comment}
          label="Moyens humains et matériels"
          textArea
          error={errors['moyens.commentaire']}
          readOnly={readOnly}
          value={moyens.commentaire}
          onChange={(value) => update('moyens.commentaire', (p) => ({ ...p, moyens: { ...p.moyens, commentaire: value } }))}
        />
      </div>
      <div className={fr.cx('fr-fieldset__element')}>
        <Checkbox
          id={idOf('moyens.recrutement_specifique')}
          small
          disabled={readOnly}
          options={[
            {
              label: 'Le projet prévoit un recrutement spécifique',
              nativeInputProps: {
                checked: moyens.recrutement_specifique ?? false,
                onChange: (e) => update('moyens.recrutement_nb_etpt', (p) => ({ ...p, moyens: { ...p.moyens, recrutement_specifique: e.target.checked } })),
              },
            },
          ]}
        />
      </div>
      {moyens.recrutement_specifique && (
        <div className={fr.cx('fr-fieldset__element')}>
          <ProjectField
            id={idOf('moyens.recrutement_nb_etpt')}
            label="Nombre d’ETPT recrutés"
            required
            type="number"
            step="0.1"
            min={0}
            error={errors['moyens.recrutement_nb_etpt']}
            readOnly={readOnly}
            value={moyens.recrutement_nb_etpt}
            onChange={(value) => update('moyens.recrutement_nb_etpt', (p) => ({ ...p, moyens: { ...p.moyens, recrutement_nb_etpt: numberOrNull(value) } }))}
          />
        </div>
      )}
    </fieldset>
  );
}

type Indicateur = ProjectPartProps['projet']['evaluation']['indicateurs'][number];

export function EvaluationFieldset({ projet, update, errors, readOnly, idOf }: ProjectPartProps) {
  const indicateurs = projet.evaluation.indicateurs;
  // Ranks follow the order on screen (1, 2, 3…), as the server requires.
  const setIndicators = (key: string, change: (lines: Indicateur[]) => Indicateur[]) =>
    update(key, (p) => ({ ...p, evaluation: { ...p.evaluation, indicateurs: change(p.evaluation.indicateurs).map((line, i) => ({ ...line, rang: i + 1 })) } }));
  const setLine = (index: number, key: 'intitule' | 'prevu_min' | 'prevu_max', value: string | number | null) =>
    setIndicators(`evaluation.indicateurs.${index}.${key === 'prevu_max' ? 'prevu_min' : key}`, (lines) => lines.map((line, i) => (i === index ? { ...line, [key]: value } : line)));
  return (
    <fieldset className={fr.cx('fr-fieldset')}>
      <legend className={fr.cx('fr-fieldset__legend')}>Évaluation</legend>
      <LinesFieldset
        idPrefix={idOf('evaluation.indicateurs')}
        legend="Indicateurs d’évaluation"
        hint="Par exemple : personnes formées, sessions × durée en jours, nombre de sessions. Chaque indicateur a un minimum et un maximum prévus."
        lineName="Indicateur"
        addLabel="Ajouter un indicateur"
        removeLabel={(n) => `Retirer l’indicateur ${n}`}
        empty="Aucun indicateur : décrivez alors les modalités d’évaluation ci-dessous."
        lines={indicateurs}
        readOnly={readOnly}
        firstField="intitule"
        max={DOSSIER_LIMITS.indicateursPerProjet}
        onAdd={() => setIndicators('evaluation.commentaire', (lines) => [...lines, { rang: lines.length + 1, intitule: '', prevu_min: null, prevu_max: null }])}
        onRemove={(index) => setIndicators('evaluation.indicateurs', (lines) => lines.filter((_, i) => i !== index))}
        renderLine={(line, index) => (
          <>
            <div className={fr.cx('fr-fieldset__element')}>
              <ProjectField
                id={idOf(`evaluation.indicateurs.${index}.intitule`)}
                maxLength={DOSSIER_LIMITS.label}
                label="Intitulé de l’indicateur"
                required
                error={errors[`evaluation.indicateurs.${index}.intitule`]}
                readOnly={readOnly}
                value={line.intitule}
                onChange={(value) => setLine(index, 'intitule', value)}
              />
            </div>
            {(['prevu_min', 'prevu_max'] as const).map((bound) => (
              <div key={bound} className={fr.cx('fr-fieldset__element', 'fr-fieldset__element--inline')}>
                <ProjectField
                  id={idOf(`evaluation.indicateurs.${index}.${bound}`)}
                  label={bound === 'prevu_min' ? 'Minimum prévu' : 'Maximum prévu'}
                  required
                  type="number"
                  min={0}
                  step="0.01"
                  error={bound === 'prevu_min' ? errors[`evaluation.indicateurs.${index}.prevu_min`] : undefined}
                  readOnly={readOnly}
                  value={line[bound]}
                  onChange={(value) => setLine(index, bound, numberOrNull(value))}
                />
              </div>
            ))}
          </>
        )}
      />
      <div className={fr.cx('fr-fieldset__element')}>
        <ProjectField
          id={idOf('evaluation.commentaire')}
          maxLength={DOSSIER_LIMITS.comment}
          label="Modalités d’évaluation"
          required={indicateurs.length === 0}
          hint="Obligatoire sans indicateur chiffré."
          textArea
          error={errors['evaluation.commentaire']}
          readOnly={readOnly}
          value={projet.evaluation.commentaire}
          onChange={(value) => update('evaluation.commentaire', (p) => ({ ...p, evaluation: { ...p.evaluation, commentaire: value } }))}
        />
      </div>
    </fieldset>
  );
}
