// Représentants légaux: table with the CEC validator and "Incomplet" badges (docs/domain.md « Champs »: complete only
// with civilité, nom, prénom, courriel, fonction, téléphone), add/edit form on the contract schema
// (an edit sends only the changed fields), the "représentant légal" and "publication sur internet"
// boxes (badges in the table), CEC validator toggle (PATCH representantFonctionSiret) and confirmed
// (soft) deletion.
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { api, MESSAGES, representantFieldsSchema, type Representant } from '@portail/contract';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { CheckboxField, checkedText, isChecked } from '../../lib/forms/checkbox-field.tsx';
import { CiviliteField } from '../../lib/forms/civilite-field.tsx';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { saveRow } from './changed-fields.ts';
import { PartFormShell } from './part-form-shell.tsx';
import { RowActions } from './part-row-actions.tsx';
import { PartEditor, PartSection, PartTable } from './part-section.tsx';
import { adminKeys } from './use-administrative-data.ts';
import { useEditablePart } from './use-editable-part.ts';

export const REPRESENTANT_ADDED = 'Le représentant légal a été ajouté.';
export const REPRESENTANT_UPDATED = 'Le représentant légal a été modifié.';

const REQUIRED = ['civilite', 'nom', 'prenom', 'courriel', 'fonction', 'telephone'] as const;

/** docs/domain.md « Champs »: a representative is complete only when every required field is filled. */
export const isCompleteRepresentant = (r: Representant) => REQUIRED.every((k) => (r[k] ?? '').trim() !== '');

/** The boxes of the form (a new representative is a legal one, not published: the server's defaults). */
const FLAGS = ['est_representant_legal', 'publication_internet'] as const;
const EDITED = [...REQUIRED, ...FLAGS] as const;

const FORM_FIELDS = {
  civilite: '',
  nom: '',
  prenom: '',
  courriel: '',
  fonction: '',
  telephone: '',
  est_representant_legal: 'true',
  publication_internet: 'false',
};
type FormFields = typeof FORM_FIELDS;

interface LegalRepresentativesProps {
  idAsso: string;
  /** Secondary establishment page: its representatives (and the association-wide ones). */
  siret: string | null;
  /** A secondary establishment's member: the association-wide representatives are read-only. */
  associationWideReadOnly?: boolean;
}

export function LegalRepresentatives({ idAsso, siret, associationWideReadOnly = false }: LegalRepresentativesProps) {
  const { query, editing, setEditing, onDelete, onSaved, refresh } = useEditablePart<Representant>({
    idAsso,
    part: 'representants',
    queryKey: adminKeys.representants(idAsso, siret),
    list: () =>
      callApi(api.association.getRepresentants, { query: { id_asso: idAsso, ...(siret ? { id_siret: siret } : {}) } }),
    remove: (id) => callApi(api.association.deleteRepresentant, { query: { id_asso: idAsso, id } }),
  });

  async function toggleCec(r: Representant) {
    try {
      await callApi(api.association.patchRepresentantFonctionSiret, {
        query: { id_asso: idAsso, id: r.id },
        body: [{ key: 'valideur_cec', value: !r.valideur_cec }],
      });
      toast.success(
        r.valideur_cec
          ? `${r.prenom ?? ''} ${r.nom ?? ''} n’est plus valideur CEC.`.trim()
          : `${r.prenom ?? ''} ${r.nom ?? ''} est désormais valideur CEC.`.trim(),
      );
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
    refresh();
  }

  const name = (r: Representant) => [r.prenom, r.nom].filter(Boolean).join(' ') || 'ce représentant';

  return (
    <PartSection id="representants-legaux" title="Représentants légaux">
      <PartTable
        query={query}
        loading="Chargement des représentants légaux…"
        empty="Aucun représentant légal n’est enregistré."
        caption="Liste des représentants légaux"
        headers={['Civilité', 'Nom', 'Prénom', 'Fonction', 'Courriel', 'Téléphone', 'Statut', 'Actions']}
        cells={(r) => [
          r.civilite ?? '—',
          r.nom ?? '—',
          r.prenom ?? '—',
          r.fonction ?? '—',
          r.courriel ?? '—',
          r.telephone ?? '—',
          <RepresentantBadges key="badges" representant={r} />,
          associationWideReadOnly && r.id_siret === null ? (
            '—'
          ) : (
            <RowActions key="actions" what={name(r)} onEdit={() => setEditing(r)} onDelete={() => onDelete(r)}>
              <Button
                size="small"
                priority="tertiary"
                onClick={() => void toggleCec(r)}
                // The spoken name starts with the visible text (WCAG 2.5.3), then says whom it is about.
                nativeButtonProps={{ 'aria-label': `${r.valideur_cec ? 'Retirer valideur CEC' : 'Désigner valideur CEC'} : ${name(r)}` }}
              >
                {r.valideur_cec ? 'Retirer valideur CEC' : 'Désigner valideur CEC'}
              </Button>
            </RowActions>
          ),
        ]}
      />
      <PartEditor
        editing={editing}
        addLabel="Ajouter un représentant légal"
        onAdd={() => setEditing('new')}
        form={(representant) => (
          <RepresentantForm
            idAsso={idAsso}
            siret={siret}
            representant={representant}
            onDone={onSaved}
            onCancel={() => setEditing(null)}
          />
        )}
      />
    </PartSection>
  );
}

/** The representative's status: legal, published, CEC validator, incomplete. */
function RepresentantBadges({ representant: r }: { representant: Representant }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem' }}>
      {r.est_representant_legal && (
        <Badge small severity="info" noIcon>
          Représentant légal
        </Badge>
      )}
      {r.publication_internet && (
        <Badge small severity="new" noIcon>
          Publié sur internet
        </Badge>
      )}
      {r.valideur_cec && (
        <Badge small severity="success">
          Valideur CEC
        </Badge>
      )}
      {!isCompleteRepresentant(r) && (
        <Badge small severity="warning">
          Incomplet
        </Badge>
      )}
    </div>
  );
}

interface RepresentantFormProps {
  idAsso: string;
  siret: string | null;
  representant: Representant | null;
  onDone: () => void;
  onCancel: () => void;
}

function RepresentantForm({ idAsso, siret, representant, onDone, onCancel }: RepresentantFormProps) {
  const initial: FormFields = representant
    ? ({
        ...Object.fromEntries(REQUIRED.map((k) => [k, representant[k] ?? ''])),
        est_representant_legal: checkedText(representant.est_representant_legal),
        publication_internet: checkedText(representant.publication_internet),
      } as FormFields)
    : FORM_FIELDS;
  const form = useZodForm(representantFieldsSchema, initial, (v) => ({
    ...v,
    est_representant_legal: isChecked(v.est_representant_legal),
    publication_internet: isChecked(v.publication_internet),
    ...(siret && !representant ? { id_siret: siret } : {}),
  }));

  const onSubmit = form.handleSubmit((data) =>
    saveRow({
      before: representant,
      keys: EDITED,
      after: data,
      create: () => callApi(api.association.postRepresentant, { query: { id_asso: idAsso }, body: data }),
      patch: (id, body) => callApi(api.association.patchRepresentant, { query: { id_asso: idAsso, id }, body }),
      saved: representant ? REPRESENTANT_UPDATED : REPRESENTANT_ADDED,
      onSaved: onDone,
    }),
  );

  const title = representant ? 'Modifier le représentant légal' : 'Ajouter un représentant légal';
  return (
    <PartFormShell
      title={title}
      form={form}
      onSubmit={onSubmit}
      submitLabel="Enregistrer le représentant"
      onCancel={onCancel}
    >
      <CiviliteField {...form.field('civilite')} />
      <TextField label="Nom" autoComplete="off" {...form.field('nom')} />
      <TextField label="Prénom" autoComplete="off" {...form.field('prenom')} />
      <TextField label="Fonction" {...form.field('fonction')} />
      <EmailField {...form.field('courriel')} />
      <TextField label="Téléphone (chiffres uniquement, sans espace)" type="tel" {...form.field('telephone')} />
      <CheckboxField label="Représentant légal" {...form.field('est_representant_legal')} />
      <CheckboxField label="Publication sur internet" {...form.field('publication_internet')} />
    </PartFormShell>
  );
}
