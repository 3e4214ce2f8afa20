// Affiliations: the networks (federations, unions) the association belongs to. A network entry is
// typed in (name required, SIREN checked, women + men ≤ licensees: the contract's
// applyReseauRules) or made by affiliating to an association of the registry (searched with
// /association/search, then POST /association/reseauxAffiliation). An edit sends only the changed
// fields; association-wide, so read-only for a secondary establishment's member.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import {
  api,
  applyReseauRules,
  formatSiren,
  MESSAGES,
  type reseauAffiliationSchema,
  reseauFieldsSchema,
  type AssociationSearchItem,
  type AssociationSearchResult,
} from '@portail/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { AssociationSearchForm } from '../association-join/index.ts';
import { callApi, errorMessage, isApiError } from '../../lib/api/index.ts';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { saveRow } from './changed-fields.ts';
import { formatCount } from './format.ts';
import { formInput, toText, withRules } from './part-forms.ts';
import { PartFormShell } from './part-form-shell.tsx';
import { RowActions } from './part-row-actions.tsx';
import { PartEditor, PartSection, PartTable } from './part-section.tsx';
import { adminKeys } from './use-administrative-data.ts';
import { useEditablePart } from './use-editable-part.ts';

export const RESEAU_ADDED = 'Le réseau d’affiliation a été ajouté.';
export const RESEAU_UPDATED = 'Le réseau d’affiliation a été modifié.';
export const AFFILIATED = (nom: string) => `L’association est désormais affiliée à ${nom}.`;

type Reseau = z.infer<typeof reseauAffiliationSchema>;

const TEXTS = ['nom', 'objet', 'numero', 'id_siren', 'adresse'] as const;
const NUMBERS = ['nb_licencies', 'nb_licencies_f', 'nb_licencies_h'] as const;
const FIELDS = [...TEXTS, ...NUMBERS] as const;
type FormFields = Record<(typeof FIELDS)[number], string>;

const reseauFormSchema = withRules(reseauFieldsSchema, (v) =>
  applyReseauRules({
    nb_licencies: v.nb_licencies ?? null,
    nb_licencies_f: v.nb_licencies_f ?? null,
    nb_licencies_h: v.nb_licencies_h ?? null,
  }),
);

export function Affiliations({ idAsso, readOnly }: { idAsso: string; readOnly: boolean }) {
  const { query, editing, setEditing, onDelete, onSaved, refresh } = useEditablePart<Reseau>({
    idAsso,
    part: 'reseaux',
    queryKey: adminKeys.part(idAsso, 'reseaux'),
    list: () => callApi(api.association.getReseauxAffiliation, { query: { id_asso: idAsso } }),
    remove: (id) => callApi(api.association.deleteReseauAffiliation, { query: { id_asso: idAsso, id } }),
  });

  return (
    <PartSection
      id="partie-reseaux"
      title="Affiliations"
      readOnlyNotice={readOnly && 'Seul le siège de l’association peut modifier ses affiliations.'}
    >
      <PartTable
        query={query}
        loading="Chargement des affiliations…"
        empty="Aucune affiliation n’est enregistrée."
        caption="Réseaux d’affiliation"
        headers={[
          'Nom',
          'SIREN',
          'Numéro d’affiliation',
          'Adresse',
          'Licenciés',
          'dont femmes',
          'dont hommes',
          ...(readOnly ? [] : ['Actions']),
        ]}
        cells={(n) => [
          n.nom,
          n.id_siren ? formatSiren(n.id_siren) : '—',
          n.numero ?? '—',
          n.adresse ?? '—',
          formatCount(n.nb_licencies),
          formatCount(n.nb_licencies_f),
          formatCount(n.nb_licencies_h),
          ...(readOnly
            ? []
            : [
                <RowActions
                  key="actions"
                  what={`l’affiliation à ${n.nom}`}
                  onEdit={() => setEditing(n)}
                  onDelete={() => onDelete(n)}
                />,
              ]),
        ]}
      />
      {!readOnly && query.data && (
        <>
          <PartEditor
            editing={editing}
            addLabel="Ajouter un réseau d’affiliation"
            onAdd={() => setEditing('new')}
            form={(reseau) => (
              <ReseauForm idAsso={idAsso} reseau={reseau} onDone={onSaved} onCancel={() => setEditing(null)} />
            )}
          />
          <AffiliateFromRegistry idAsso={idAsso} onAffiliated={refresh} />
        </>
      )}
    </PartSection>
  );
}

interface ReseauFormProps {
  idAsso: string;
  reseau: Reseau | null;
  onDone: () => void;
  onCancel: () => void;
}

function ReseauForm({ idAsso, reseau, onDone, onCancel }: ReseauFormProps) {
  const initial = Object.fromEntries(FIELDS.map((k) => [k, toText(reseau?.[k])])) as FormFields;
  const form = useZodForm(reseauFormSchema, initial, (v) => ({
    ...formInput(v, NUMBERS, TEXTS),
    // The name is required: an empty one stays '' for its own message.
    nom: v.nom,
  }));

  const onSubmit = form.handleSubmit((data) =>
    saveRow({
      before: reseau,
      keys: FIELDS,
      after: data,
      create: () => callApi(api.association.postReseauAffiliation, { query: { id_asso: idAsso }, body: data }),
      patch: (id, body) => callApi(api.association.patchReseauAffiliation, { query: { id_asso: idAsso, id }, body }),
      saved: reseau ? RESEAU_UPDATED : RESEAU_ADDED,
      onSaved: onDone,
    }),
  );

  const title = reseau ? `Modifier l’affiliation à ${reseau.nom}` : 'Ajouter un réseau d’affiliation';
  return (
    <PartFormShell
      title={title}
      form={form}
      onSubmit={onSubmit}
      submitLabel="Enregistrer le réseau"
      onCancel={onCancel}
    >
      <TextField label="Nom du réseau" {...form.field('nom')} />
      <TextField label="SIREN du réseau (facultatif)" {...form.field('id_siren')} />
      <TextField label="Numéro d’affiliation (facultatif)" {...form.field('numero')} />
      <TextField label="Objet (facultatif)" {...form.field('objet')} />
      <TextField label="Adresse (facultatif)" {...form.field('adresse')} />
      <TextField label="Nombre de licenciés (facultatif)" {...form.field('nb_licencies')} />
      <TextField label="dont licenciées femmes (facultatif)" {...form.field('nb_licencies_f')} />
      <TextField label="dont licenciés hommes (facultatif)" {...form.field('nb_licencies_h')} />
    </PartFormShell>
  );
}

/** "S'affilier à une association du répertoire": search a parent, then affiliate to it. */
function AffiliateFromRegistry({ idAsso, onAffiliated }: { idAsso: string; onAffiliated: () => void }) {
  const [searchError, setSearchError] = useState<string | undefined>();
  const [searchKey, setSearchKey] = useState(0);
  const [searching, setSearching] = useState(false);
  const [result, setResult] = useState<AssociationSearchResult | null>(null);
  const [affiliating, setAffiliating] = useState<string | null>(null);
  const [affiliationError, setAffiliationError] = useState<string | null>(null);

  async function onSearch(q: string) {
    setAffiliationError(null);
    setSearchError(undefined);
    setSearching(true);
    try {
      setResult(await callApi(api.associationSearch.search, { query: { q, page: 1, limit: 10 } }));
    } catch (error) {
      setResult(null);
      setSearchError(errorMessage(error, MESSAGES.httpEmpty));
    } finally {
      setSearching(false);
    }
  }

  async function affiliate(parent: AssociationSearchItem) {
    setAffiliationError(null);
    setAffiliating(parent.id_correspondance);
    try {
      await callApi(api.association.postReseauxAffiliation, {
        query: { id_asso_membre: idAsso, id_asso_parent: parent.id_correspondance },
      });
      toast.success(AFFILIATED(parent.nom));
      setResult(null);
      // A fresh, empty search form.
      setSearchKey((key) => key + 1);
      onAffiliated();
    } catch (error) {
      const fields = isApiError(error) ? serverFieldErrors(error.fields) : {};
      setAffiliationError(fields.id_asso_parent ?? errorMessage(error, MESSAGES.httpEmpty));
    } finally {
      setAffiliating(null);
    }
  }

  return (
    <div className={fr.cx('fr-mt-6w')}>
      <h3 className={fr.cx('fr-h5')}>S’affilier à une association du répertoire</h3>
      <p className={fr.cx('fr-text--sm')}>
        Recherchez la tête de réseau par son nom, son numéro RNA, SIREN ou SIRET : son nom, son SIREN, son objet et son
        adresse sont repris dans l’affiliation.
      </p>
      <AssociationSearchForm
        key={searchKey}
        ariaLabel="Rechercher une tête de réseau"
        label="Tête de réseau : nom, numéro RNA, SIREN ou SIRET"
        inputId="field-tete-reseau"
        buttonLabel="Rechercher la tête de réseau"
        busy={searching}
        error={searchError}
        className={fr.cx('fr-mb-3w')}
        onSearch={(q) => void onSearch(q)}
      />
      {affiliationError && <Alert severity="error" small role="alert" description={affiliationError} />}
      {result &&
        (result.items.length === 0 ? (
          <p>Aucune association ne correspond à votre recherche.</p>
        ) : (
          <ul aria-label="Têtes de réseau trouvées" className={fr.cx('fr-raw-list')}>
            {result.items.map((item) => (
              <li key={item.id_correspondance} className={fr.cx('fr-card', 'fr-p-2w', 'fr-mb-2w')}>
                <p className={fr.cx('fr-text--bold', 'fr-mb-1v')}>
                  {item.nom}
                  {item.sigle && ` (${item.sigle})`}
                </p>
                <p className={fr.cx('fr-text--sm', 'fr-mb-1w')}>
                  {[
                    item.id_siren && `SIREN ${formatSiren(item.id_siren)}`,
                    item.id_rna && `RNA ${item.id_rna}`,
                    [item.cp, item.commune].filter(Boolean).join(' '),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <Button
                  size="small"
                  disabled={affiliating !== null}
                  onClick={() => void affiliate(item)}
                  nativeButtonProps={{ 'aria-label': `S’affilier à ${item.nom}` }}
                >
                  S’affilier
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
