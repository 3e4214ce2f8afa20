// The characteristics of the association (docs/domain.md « Parcours », « Champs »):
// left column regime and registration, right column activity and Pass'Sport. Every change goes
// through the contract's applyCharacteristicsRules (dependent fields hidden and cleared live); only
// the changed fields are sent (diffToChanges), once at a time; nothing changed → info toast, no call;
// a refusal (the rules', the contract's, the server's) is listed in the focused error summary.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import {
  AMALIA_LENGTH,
  api,
  applyCharacteristicsRules,
  CHARACTERISTIC_LABELS,
  decodeChanges,
  diffToChanges,
  DOMAINES,
  FOLIO_LENGTH,
  identiteChangesSchema,
  isAlsaceMosellePostcode,
  MESSAGES,
  VOLUME_LENGTH,
  type AssociationIdentite,
  type ChangeValue,
  type Characteristics,
} from '@portail/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { callApi } from '../../lib/api/index.ts';
import { ErrorSummary } from '../../lib/forms/error-summary.tsx';
import { issuesToFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { SelectField, type SelectOption } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useSending } from '../../lib/forms/use-sending.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { adminKeys, useReferentielOptions } from './use-administrative-data.ts';

export const CHARACTERISTICS_SAVED = 'Les caractéristiques de l’association ont été enregistrées.';

/** The form's values, keyed as the PATCH keys. */
export interface CharacteristicsValues extends Characteristics {
  impots_commerciaux: boolean | null;
  commentaire: string | null;
  'passsport.est_volontaire': boolean | null;
  'passsport.activites': string[];
  'passsport.a_accueil_handicap_moteur': boolean | null;
  'passsport.a_accueil_handicap_mental': boolean | null;
}

export function valuesOf(identite: AssociationIdentite): CharacteristicsValues {
  const i = identite.identite;
  const passsport = identite.specificites.passsport;
  return {
    regime: i.regime,
    util_publique: i.util_publique,
    date_publication_util_publique: i.date_publication_util_publique,
    date_pub_registre: i.date_pub_registre,
    tribunal_instance: i.tribunal_instance,
    numero_amalia: i.numero_amalia,
    volume: i.volume,
    folio: i.folio,
    a_dons_subv_153000: i.a_dons_subv_153000,
    a_publication_comptes_jo: i.a_publication_comptes_jo,
    a_commissaire_aux_comptes: i.a_commissaire_aux_comptes,
    domaine: identite.activites.domaine,
    type_structure_sportive: i.type_structure_sportive,
    champ_action_territorial: identite.activites.champ_action_territorial,
    impots_commerciaux: i.impots_commerciaux,
    commentaire: identite.commentaire,
    'passsport.est_volontaire': passsport.est_volontaire,
    'passsport.activites': passsport.activites,
    'passsport.a_accueil_handicap_moteur': passsport.a_accueil_handicap_moteur,
    'passsport.a_accueil_handicap_mental': passsport.a_accueil_handicap_mental,
  };
}

/** Fallback labels when the "regimes" referential cannot be read. */
const REGIME_LABELS: Record<string, string> = {
  loi1901: 'Association loi 1901',
  alsaceMoselle: 'Association de droit local (Alsace-Moselle)',
  autre: 'Autre',
  collectivite: 'Collectivité territoriale ou structure intercommunale',
};

type Key = keyof CharacteristicsValues;

/** The boxes: a DSFR group each, whose input is `<group id>-0`. */
const BOXES: ReadonlySet<string> = new Set([
  'util_publique', 'impots_commerciaux', 'a_dons_subv_153000', 'a_publication_comptes_jo', 'a_commissaire_aux_comptes',
  'passsport.est_volontaire', 'passsport.a_accueil_handicap_moteur', 'passsport.a_accueil_handicap_mental',
]);
/** The input an error's link leads to; none for a key that is not one of the form's. */
const FORM_KEYS: ReadonlySet<string> = new Set([...Object.keys(CHARACTERISTIC_LABELS), ...BOXES, 'commentaire', 'passsport.activites']);
const fieldIdOf = (key: string): string | null => (!FORM_KEYS.has(key) ? null : BOXES.has(key) ? `field-${key}-0` : `field-${key}`);

interface CharacteristicsFormProps {
  idAsso: string;
  identite: AssociationIdentite;
  /** A secondary establishment's member reads the characteristics but cannot change them. */
  readOnly: boolean;
}

export function CharacteristicsForm({ idAsso, identite, readOnly }: CharacteristicsFormProps) {
  const queryClient = useQueryClient();
  const [initial, setInitial] = useState(() => valuesOf(identite));
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  // What a submission refused (the form's checks or the server), in the summary and under the fields.
  const { summary, errors: sentErrors, refuse, fix, send, sending } = useSending({ targetOf: fieldIdOf });
  const [activitesText, setActivitesText] = useState(() => initial['passsport.activites'].join(', '));
  const regimes = useReferentielOptions('regimes');
  const champs = useReferentielOptions('champs-action-territoriale');
  const structures = useReferentielOptions('types-structure-sportive');

  const cp = identite.coordonnees.adresse_siege?.['cp'];
  const alsaceMoselleAllowed =
    isAlsaceMosellePostcode(typeof cp === 'string' ? cp : null) || initial.regime === 'alsaceMoselle';

  const rules = applyCharacteristicsRules(values, submitted ? new Set(Object.keys(CHARACTERISTIC_LABELS)) : touched);
  const ruleErrors: FieldErrors = { ...rules.errors };
  if (!submitted && !touched.has('regime')) delete ruleErrors.regime;
  if (submitted && !values.champ_action_territorial)
    ruleErrors.champ_action_territorial = MESSAGES.required(CHARACTERISTIC_LABELS.champ_action_territorial);
  if (!submitted && !touched.has('domaine') && !touched.has('type_structure_sportive'))
    delete ruleErrors.type_structure_sportive;
  const errors: FieldErrors = { ...ruleErrors, ...sentErrors };

  function set<K extends Key>(key: K, value: CharacteristicsValues[K]) {
    const nextTouched = new Set(touched).add(key);
    const next = { ...values, [key]: value };
    // The rules clear the fields whose condition no longer holds (Alsace-Moselle, RUP, 153 000 €, Sport).
    const { state } = applyCharacteristicsRules(next, new Set());
    setValues({ ...next, ...state });
    setTouched(nextTouched);
    fix(key);
  }

  const text = (key: Key & string) => ({
    name: key,
    value: (values[key] as string | null) ?? '',
    error: errors[key],
    disabled: readOnly,
    onChange: (value: string) => set(key, (value.trim() === '' ? null : value) as never),
  });

  const box = (key: Key & string, label: ReactNode, hint?: ReactNode) => (
    <Checkbox
      className={fr.cx('fr-mb-2w')}
      small
      disabled={readOnly}
      state={errors[key] ? 'error' : 'default'}
      stateRelatedMessage={errors[key]}
      id={`field-${key}`}
      options={[
        {
          label,
          hintText: hint,
          nativeInputProps: {
            name: key,
            checked: values[key] === true,
            onChange: (event) => set(key, event.target.checked as never),
          },
        },
      ]}
    />
  );

  const select = (key: Key & string, label: string, options: SelectOption[], placeholder: string) => (
    <SelectField
      label={label}
      disabled={readOnly}
      placeholder={placeholder}
      options={options}
      name={key}
      value={(values[key] as string | null) ?? ''}
      error={errors[key]}
      onChange={(value) => set(key, (value || null) as never)}
    />
  );

  const regimeLabel = (value: string) =>
    regimes.data?.find((o) => o.value === value)?.label ?? REGIME_LABELS[value] ?? value;
  const regimeOptions = [
    { value: 'loi1901', label: regimeLabel('loi1901') },
    ...(alsaceMoselleAllowed ? [{ value: 'alsaceMoselle', label: regimeLabel('alsaceMoselle') }] : []),
    { value: 'autre', label: regimeLabel('autre') },
    { value: 'collectivite', label: regimeLabel('collectivite'), disabled: values.regime !== 'collectivite' },
  ];
  const withCurrent = (options: { value: string; label: string }[], current: string | null) =>
    current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    setSubmitted(true);
    const after = applyCharacteristicsRules(values, new Set()).state;
    const changes = diffToChanges(
      initial as unknown as Record<string, ChangeValue>,
      { ...values, ...after } as unknown as Record<string, ChangeValue>,
    );
    if (changes.length === 0) {
      refuse({});
      toast.info(MESSAGES.noChangeDetected);
      return;
    }
    const found: FieldErrors = { ...applyCharacteristicsRules(values, new Set(changes.map((c) => c.key))).errors };
    if (!values.champ_action_territorial)
      found.champ_action_territorial = MESSAGES.required(CHARACTERISTIC_LABELS.champ_action_territorial);
    const parsed = identiteChangesSchema.safeParse(decodeChanges(changes));
    if (!parsed.success) Object.assign(found, issuesToFieldErrors(parsed.error));
    if (refuse(found)) return;
    await send(async () => {
      const updated = await callApi(api.association.patchIdentite, { query: { id_asso: idAsso }, body: changes });
      const saved = valuesOf(updated);
      queryClient.setQueryData(adminKeys.identite(idAsso), updated);
      setInitial(saved);
      setValues(saved);
      setActivitesText(saved['passsport.activites'].join(', '));
      setTouched(new Set());
      setSubmitted(false);
      toast.success(CHARACTERISTICS_SAVED);
    });
  }

  const isAlsace = values.regime === 'alsaceMoselle';
  const isSport = values.domaine === 'Sport';

  return (
    <section aria-labelledby="caracteristiques">
      <h2 id="caracteristiques" className={fr.cx('fr-h4')}>
        Caractéristiques
      </h2>
      {readOnly && (
        <Alert
          severity="info"
          small
          className={fr.cx('fr-mb-3w')}
          description="Seul le siège de l’association peut modifier ses caractéristiques."
        />
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Caractéristiques de l’association">
        <ErrorSummary {...summary} />
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            {select('regime', 'Régime', regimeOptions, 'Sélectionnez un régime')}
            {!alsaceMoselleAllowed && (
              <p className={fr.cx('fr-hint-text', 'fr-mb-3w')}>
                Le régime Alsace-Moselle n’est proposé que pour un siège en Moselle, Bas-Rhin ou Haut-Rhin (57, 67, 68).
              </p>
            )}
            {box('util_publique', 'Association reconnue d’utilité publique')}
            {values.util_publique && (
              <TextField
                label="Date de publication au Journal officiel (RUP)"
                type="date"
                {...text('date_publication_util_publique')}
              />
            )}
            {isAlsace && (
              <fieldset className={fr.cx('fr-fieldset')} aria-label="Inscription au registre (Alsace-Moselle)">
                <TextField label="Date d’inscription au registre" type="date" {...text('date_pub_registre')} />
                <TextField label="Tribunal d’instance" {...text('tribunal_instance')} />
                <TextField
                  label={`Numéro Amalia (${AMALIA_LENGTH.min} ou ${AMALIA_LENGTH.max} caractères)`}
                  {...text('numero_amalia')}
                />
                <TextField label={`Volume (${VOLUME_LENGTH} caractères)`} {...text('volume')} />
                <TextField label={`Folio (${FOLIO_LENGTH} caractères)`} {...text('folio')} />
              </fieldset>
            )}
            {select(
              'champ_action_territorial',
              'Champ d’action territorial',
              withCurrent(champs.data ?? [], values.champ_action_territorial),
              'Sélectionnez un champ d’action',
            )}
            {box('impots_commerciaux', 'Assujettie aux impôts commerciaux')}
            {box('a_dons_subv_153000', 'Dons et subventions supérieurs à 153 000 € par an')}
            {values.a_dons_subv_153000 === true && (
              <>
                {box('a_publication_comptes_jo', 'Comptes publiés au Journal officiel des associations (JOAFE)')}
                {box('a_commissaire_aux_comptes', 'Commissaire aux comptes désigné')}
              </>
            )}
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            {select(
              'domaine',
              'Domaine',
              DOMAINES.map((d) => ({ value: d, label: d })),
              'Sélectionnez un domaine',
            )}
            {isSport &&
              select(
                'type_structure_sportive',
                'Type de structure sportive',
                withCurrent(structures.data ?? [], values.type_structure_sportive),
                'Sélectionnez un type de structure',
              )}
            {box('passsport.est_volontaire', 'Volontaire pour le Pass’Sport')}
            <TextField
              label="Activités Pass’Sport (séparées par des virgules)"
              name="passsport.activites"
              value={activitesText}
              error={errors['passsport.activites']}
              disabled={readOnly}
              onChange={(value) => {
                setActivitesText(value);
                set(
                  'passsport.activites',
                  value
                    .split(',')
                    .map((a) => a.trim())
                    .filter((a) => a !== ''),
                );
              }}
            />
            {box('passsport.a_accueil_handicap_moteur', 'Accueil de personnes en situation de handicap moteur')}
            {box('passsport.a_accueil_handicap_mental', 'Accueil de personnes en situation de handicap mental')}
            <TextField label="Notes" textArea {...text('commentaire')} />
          </div>
        </div>
        {!readOnly && (
          <Button type="submit" disabled={sending}>
            {sending ? 'Enregistrement…' : 'Enregistrer les caractéristiques'}
          </Button>
        )}
      </form>
    </section>
  );
}
