// What a financial report says of one project beyond its amounts (Cerfa 15059 « description de
// l'action réalisée »): when it ran, the means it took (a specific recruitment and its full-time
// equivalents) and the publics it reached, cloned from the dossier and corrected by the association.
import { fr } from '@codegouvfr/react-dsfr';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { DOSSIER_LIMITS } from '@portail/contract';
import type { FieldErrors } from '../../../lib/forms/field-errors.ts';
import { YesNoField } from '../../../lib/forms/yes-no-field.tsx';
import { ProjectField } from '../wizard/project/project-field.tsx';
import { BeneficiaryLines } from '../wizard/project/public-fieldset.tsx';
import { crfFieldId, type CrfProjetDraft } from './crf-draft.ts';

interface CrfProjetRealisationProps {
  index: number;
  projet: CrfProjetDraft;
  errors: FieldErrors;
  /** Changes the project's draft; `keys` name the fields changed, whose errors then go. */
  onChange: (changes: Partial<CrfProjetDraft>, ...keys: string[]) => void;
}

export function CrfProjetRealisation({ index, projet, errors, onChange }: CrfProjetRealisationProps) {
  const key = (field: string) => `projets.${index}.${field}`;
  const date = (field: 'date_debut' | 'date_fin', label: string) => (
    <div className={fr.cx('fr-fieldset__element', 'fr-fieldset__element--inline')}>
      <ProjectField
        id={crfFieldId(key(field))}
        type="date"
        label={label}
        error={errors[key(field)]}
        readOnly={false}
        value={projet[field]}
        onChange={(value) => onChange({ [field]: value }, key('date_debut'), key('date_fin'))}
      />
    </div>
  );
  return (
    <>
      <fieldset className={fr.cx('fr-fieldset')} aria-labelledby={`${crfFieldId(key('dates'))}-legende`}>
        <legend id={`${crfFieldId(key('dates'))}-legende`} className={fr.cx('fr-fieldset__legend', 'fr-text--md')}>
          Dates de réalisation
        </legend>
        {date('date_debut', 'Début')}
        {date('date_fin', 'Fin')}
      </fieldset>
      <YesNoField
        name={`projets-${index}-recrutement`}
        legend="Un recrutement spécifique a-t-il été fait pour ce projet ?"
        value={projet.recrutement_specifique}
        error={undefined}
        onChange={(value) => onChange({ recrutement_specifique: value }, key('recrutement_nb_etpt'))}
      />
      {projet.recrutement_specifique === 'oui' && (
        <Input
          label="Équivalents temps plein travaillés (ETPT) recrutés"
          hintText="Par exemple 0,5 pour un mi-temps sur l’année."
          state={errors[key('recrutement_nb_etpt')] ? 'error' : 'default'}
          stateRelatedMessage={errors[key('recrutement_nb_etpt')]}
          nativeInputProps={{
            id: crfFieldId(key('recrutement_nb_etpt')),
            inputMode: 'decimal',
            value: projet.recrutement_nb_etpt,
            onChange: (e) => onChange({ recrutement_nb_etpt: e.target.value }, key('recrutement_nb_etpt')),
          }}
        />
      )}
      <Input
        label="Moyens humains et matériels mobilisés"
        textArea
        nativeTextAreaProps={{
          id: crfFieldId(key('moyens_commentaire')),
          rows: 3,
          maxLength: DOSSIER_LIMITS.comment,
          value: projet.moyens_commentaire,
          onChange: (e) => onChange({ moyens_commentaire: e.target.value }),
        }}
      />
      <BeneficiaryLines
        legend="Public bénéficiaire atteint"
        hint="Les publics que le projet a effectivement touchés, leur tranche d’âge, leur genre et leur nombre."
        lines={projet.beneficiaire}
        setLines={(field, change) => onChange({ beneficiaire: change(projet.beneficiaire) }, key(field))}
        errors={Object.fromEntries(Object.entries(errors).flatMap(([k, m]) => (k.startsWith(key('')) ? [[k.slice(key('').length), m]] : [])))}
        readOnly={false}
        idOf={(field) => crfFieldId(key(field))}
      />
    </>
  );
}
