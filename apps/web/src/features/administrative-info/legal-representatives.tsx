// Représentants légaux: table with the CEC validator and "Incomplet" badges (spec §5: complete only
// with civilité, nom, prénom, courriel, fonction, téléphone), add/edit form on the contract schema
// (an edit sends only the changed fields), the "représentant légal" and "publication sur internet"
// boxes (badges in the table), CEC validator toggle (PATCH representantFonctionSiret) and confirmed
// (soft) deletion.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Table } from '@codegouvfr/react-dsfr/Table';
import {
  api,
  MESSAGES,
  representantFieldsSchema,
  type Representant,
} from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { CheckboxField, checkedText, isChecked } from '../../lib/forms/checkbox-field.tsx';
import { CiviliteField } from '../../lib/forms/civilite-field.tsx';
import { EmailField } from '../../lib/forms/email-field.tsx';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { changedFields } from './changed-fields.ts';
import { adminKeys, useRefreshFile } from './use-administrative-data.ts';

export const REPRESENTANT_ADDED = 'Le représentant légal a été ajouté.';
export const REPRESENTANT_UPDATED = 'Le représentant légal a été modifié.';

const REQUIRED = ['civilite', 'nom', 'prenom', 'courriel', 'fonction', 'telephone'] as const;

/** Spec §5: a representative is complete only when every required field is filled. */
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
  const refresh = useRefreshFile(idAsso);
  const [editing, setEditing] = useState<Representant | 'new' | null>(null);
  const representants = useQuery({
    queryKey: adminKeys.representants(idAsso, siret),
    queryFn: () =>
      callApi(api.association.getRepresentants, { query: { id_asso: idAsso, ...(siret ? { id_siret: siret } : {}) } }),
    retry: false,
  });

  async function onDelete(r: Representant) {
    try {
      const { message } = await callApi(api.association.deleteRepresentant, { query: { id_asso: idAsso, id: r.id } });
      toast.success(message);
      if (editing !== 'new' && editing?.id === r.id) setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
    refresh('representants');
  }

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
    refresh('representants');
  }

  const name = (r: Representant) => [r.prenom, r.nom].filter(Boolean).join(' ') || 'ce représentant';

  return (
    <section aria-labelledby="representants-legaux">
      <h2 id="representants-legaux" className={fr.cx('fr-h4')}>
        Représentants légaux
      </h2>
      {representants.isPending && <p>Chargement des représentants légaux…</p>}
      {representants.isError && (
        <Alert
          severity="error"
          small
          role="alert"
          description={errorMessage(representants.error, MESSAGES.httpEmpty)}
        />
      )}
      {representants.data &&
        (representants.data.length === 0 ? (
          <p>Aucun représentant légal n’est enregistré.</p>
        ) : (
          <Table
            caption="Liste des représentants légaux"
            headers={['Civilité', 'Nom', 'Prénom', 'Fonction', 'Courriel', 'Téléphone', 'Statut', 'Actions']}
            data={representants.data.map((r) => [
              r.civilite ?? '—',
              r.nom ?? '—',
              r.prenom ?? '—',
              r.fonction ?? '—',
              r.courriel ?? '—',
              r.telephone ?? '—',
              <div key="badges" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem' }}>
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
              </div>,
              associationWideReadOnly && r.id_siret === null ? (
                '—'
              ) : (
                <div key="actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                  <Button
                    size="small"
                    priority="secondary"
                    onClick={() => setEditing(r)}
                    nativeButtonProps={{ 'aria-label': `Modifier ${name(r)}` }}
                  >
                    Modifier
                  </Button>
                  <Button
                    size="small"
                    priority="tertiary"
                    onClick={() => void toggleCec(r)}
                    nativeButtonProps={{
                      'aria-label': r.valideur_cec
                        ? `Retirer le rôle de valideur CEC à ${name(r)}`
                        : `Désigner ${name(r)} valideur CEC`,
                    }}
                  >
                    {r.valideur_cec ? 'Retirer valideur CEC' : 'Désigner valideur CEC'}
                  </Button>
                  <ConfirmAction
                    label="Supprimer"
                    ariaLabel={`Supprimer ${name(r)}`}
                    confirmLabel="Confirmer la suppression"
                    confirmAriaLabel={`Confirmer la suppression de ${name(r)}`}
                    onConfirm={() => onDelete(r)}
                  />
                </div>
              ),
            ])}
          />
        ))}
      {editing === null ? (
        <Button
          priority="secondary"
          iconId="fr-icon-add-line"
          onClick={() => setEditing('new')}
          className={fr.cx('fr-mt-2w')}
        >
          Ajouter un représentant légal
        </Button>
      ) : (
        <RepresentantForm
          key={editing === 'new' ? 'new' : editing.id}
          idAsso={idAsso}
          siret={siret}
          representant={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            refresh('representants');
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
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

  const onSubmit = form.handleSubmit(async (data) => {
    if (!representant) {
      await callApi(api.association.postRepresentant, { query: { id_asso: idAsso }, body: data });
      toast.success(REPRESENTANT_ADDED);
      onDone();
      return;
    }
    const changes = changedFields(EDITED, representant, data);
    if (!changes) return;
    await callApi(api.association.patchRepresentant, {
      query: { id_asso: idAsso, id: representant.id },
      body: changes,
    });
    toast.success(REPRESENTANT_UPDATED);
    onDone();
  });

  const title = representant ? 'Modifier le représentant légal' : 'Ajouter un représentant légal';
  return (
    <div className={fr.cx('fr-mt-4w')}>
      <h3 className={fr.cx('fr-h5')}>{title}</h3>
      <SubmitForm form={form} onSubmit={onSubmit} label={title} submitLabel="Enregistrer le représentant">
        <CiviliteField {...form.field('civilite')} />
        <TextField label="Nom" autoComplete="off" {...form.field('nom')} />
        <TextField label="Prénom" autoComplete="off" {...form.field('prenom')} />
        <TextField label="Fonction" {...form.field('fonction')} />
        <EmailField {...form.field('courriel')} />
        <TextField label="Téléphone (chiffres uniquement, sans espace)" type="tel" {...form.field('telephone')} />
        <CheckboxField label="Représentant légal" {...form.field('est_representant_legal')} />
        <CheckboxField label="Publication sur internet" {...form.field('publication_internet')} />
      </SubmitForm>
      <Button priority="tertiary" size="small" onClick={onCancel} className={fr.cx('fr-mt-2w')}>
        Annuler
      </Button>
    </div>
  );
}
