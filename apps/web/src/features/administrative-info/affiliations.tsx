// Affiliations: the networks (federations, unions) the association belongs to. A network entry is
// typed in (name required, SIREN checked, women + men ≤ licensees: the contract's
// applyReseauRules) or made by affiliating to an association of the registry (searched with
// /association/search, then POST /association/reseauxAffiliation). An edit sends only the changed
// fields; association-wide, so read-only for a secondary establishment's member.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Table } from '@codegouvfr/react-dsfr/Table';
import {
  api,
  applyReseauRules,
  associationSearchQuerySchema,
  formatSiren,
  MESSAGES,
  type reseauAffiliationSchema,
  reseauFieldsSchema,
  SEARCH_MESSAGES,
  type AssociationSearchItem,
  type AssociationSearchResult,
} from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { callApi, errorMessage, isApiError } from '../../lib/api/index.ts';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { changedFields } from './changed-fields.ts';
import { formatCount } from './format.ts';
import { formInput, toText, withRules } from './part-forms.ts';
import { adminKeys, useRefreshFile } from './use-administrative-data.ts';

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
  const refresh = useRefreshFile(idAsso);
  const [editing, setEditing] = useState<Reseau | 'new' | null>(null);
  const reseaux = useQuery({
    queryKey: adminKeys.part(idAsso, 'reseaux'),
    queryFn: () => callApi(api.association.getReseauxAffiliation, { query: { id_asso: idAsso } }),
    retry: false,
  });

  async function onDelete(n: Reseau) {
    try {
      const { message } = await callApi(api.association.deleteReseauAffiliation, {
        query: { id_asso: idAsso, id: n.id },
      });
      toast.success(message);
      if (editing !== 'new' && editing?.id === n.id) setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
    refresh('reseaux');
  }

  return (
    <section aria-labelledby="partie-reseaux">
      <h2 id="partie-reseaux" className={fr.cx('fr-h4')}>
        Affiliations
      </h2>
      {readOnly && (
        <Alert
          severity="info"
          small
          className={fr.cx('fr-mb-3w')}
          description="Seul le siège de l’association peut modifier ses affiliations."
        />
      )}
      {reseaux.isPending && <p>Chargement des affiliations…</p>}
      {reseaux.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(reseaux.error, MESSAGES.httpEmpty)} />
      )}
      {reseaux.data &&
        (reseaux.data.length === 0 ? (
          <p>Aucune affiliation n’est enregistrée.</p>
        ) : (
          <Table
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
            data={reseaux.data.map((n) => [
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
                    <div key="actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                      <Button
                        size="small"
                        priority="secondary"
                        onClick={() => setEditing(n)}
                        nativeButtonProps={{ 'aria-label': `Modifier l’affiliation à ${n.nom}` }}
                      >
                        Modifier
                      </Button>
                      <ConfirmAction
                        label="Supprimer"
                        ariaLabel={`Supprimer l’affiliation à ${n.nom}`}
                        confirmLabel="Confirmer la suppression"
                        confirmAriaLabel={`Confirmer la suppression de l’affiliation à ${n.nom}`}
                        onConfirm={() => onDelete(n)}
                      />
                    </div>,
                  ]),
            ])}
          />
        ))}
      {!readOnly && reseaux.data && (
        <>
          {editing === null ? (
            <Button
              priority="secondary"
              iconId="fr-icon-add-line"
              onClick={() => setEditing('new')}
              className={fr.cx('fr-mt-2w')}
            >
              Ajouter un réseau d’affiliation
            </Button>
          ) : (
            <ReseauForm
              key={editing === 'new' ? 'new' : editing.id}
              idAsso={idAsso}
              reseau={editing === 'new' ? null : editing}
              onDone={() => {
                setEditing(null);
                refresh('reseaux');
              }}
              onCancel={() => setEditing(null)}
            />
          )}
          <AffiliateFromRegistry idAsso={idAsso} onAffiliated={() => refresh('reseaux')} />
        </>
      )}
    </section>
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

  const onSubmit = form.handleSubmit(async (data) => {
    if (!reseau) {
      await callApi(api.association.postReseauAffiliation, { query: { id_asso: idAsso }, body: data });
      toast.success(RESEAU_ADDED);
      onDone();
      return;
    }
    const changes = changedFields(FIELDS, reseau, data);
    if (!changes) return;
    await callApi(api.association.patchReseauAffiliation, {
      query: { id_asso: idAsso, id: reseau.id },
      body: changes,
    });
    toast.success(RESEAU_UPDATED);
    onDone();
  });

  const title = reseau ? `Modifier l’affiliation à ${reseau.nom}` : 'Ajouter un réseau d’affiliation';
  return (
    <div className={fr.cx('fr-mt-4w')}>
      <h3 className={fr.cx('fr-h5')}>{title}</h3>
      <SubmitForm form={form} onSubmit={onSubmit} label={title} submitLabel="Enregistrer le réseau">
        <TextField label="Nom du réseau" {...form.field('nom')} />
        <TextField label="SIREN du réseau (facultatif)" {...form.field('id_siren')} />
        <TextField label="Numéro d’affiliation (facultatif)" {...form.field('numero')} />
        <TextField label="Objet (facultatif)" {...form.field('objet')} />
        <TextField label="Adresse (facultatif)" {...form.field('adresse')} />
        <TextField label="Nombre de licenciés (facultatif)" {...form.field('nb_licencies')} />
        <TextField label="dont licenciées femmes (facultatif)" {...form.field('nb_licencies_f')} />
        <TextField label="dont licenciés hommes (facultatif)" {...form.field('nb_licencies_h')} />
      </SubmitForm>
      <Button priority="tertiary" size="small" onClick={onCancel} className={fr.cx('fr-mt-2w')}>
        Annuler
      </Button>
    </div>
  );
}

const termSchema = associationSearchQuerySchema.shape.q;

/** "S'affilier à une association du répertoire": search a parent, then affiliate to it. */
function AffiliateFromRegistry({ idAsso, onAffiliated }: { idAsso: string; onAffiliated: () => void }) {
  const [term, setTerm] = useState('');
  const [termError, setTermError] = useState<string | undefined>();
  const [searching, setSearching] = useState(false);
  const [result, setResult] = useState<AssociationSearchResult | null>(null);
  const [affiliating, setAffiliating] = useState<string | null>(null);
  const [affiliationError, setAffiliationError] = useState<string | null>(null);

  async function onSearch(event: FormEvent) {
    event.preventDefault();
    setAffiliationError(null);
    const parsed = termSchema.safeParse(term);
    if (!parsed.success) {
      setTermError(parsed.error.issues[0]?.message ?? SEARCH_MESSAGES.termRequired);
      return;
    }
    setTermError(undefined);
    setSearching(true);
    try {
      setResult(await callApi(api.associationSearch.search, { query: { q: parsed.data, page: 1, limit: 10 } }));
    } catch (error) {
      setResult(null);
      setTermError(errorMessage(error, MESSAGES.httpEmpty));
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
      setTerm('');
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
      <form
        onSubmit={(e) => void onSearch(e)}
        noValidate
        role="search"
        aria-label="Rechercher une tête de réseau"
        className={fr.cx('fr-mb-3w')}
      >
        <Input
          label="Tête de réseau : nom, numéro RNA, SIREN ou SIRET"
          state={termError ? 'error' : 'default'}
          stateRelatedMessage={termError}
          nativeInputProps={{
            id: 'field-tete-reseau',
            name: 'q',
            type: 'search',
            value: term,
            'aria-invalid': termError ? true : undefined,
            onChange: (event) => {
              setTerm(event.target.value);
              setTermError(undefined);
            },
          }}
        />
        <Button type="submit" iconId="fr-icon-search-line" disabled={searching}>
          Rechercher la tête de réseau
        </Button>
      </form>
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
