// Établissements: the establishments the server returns (a secondary establishment's member only
// gets theirs), and the edit form of one establishment's enseigne, courriel, téléphone and note
// (only the changed fields are sent).
import { fr } from '@codegouvfr/react-dsfr';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { DataTable } from '../../lib/ui/data-table.tsx';
import {
  api,
  etablissementChangesSchema,
  formatSiret,
  type Etablissement,
} from '@portail/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { callApi } from '../../lib/api/index.ts';
import { SubmitForm } from '../../lib/forms/submit-form.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { useZodForm } from '../../lib/forms/use-zod-form.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { changedFields } from './changed-fields.ts';
import { useRefreshFile } from './use-administrative-data.ts';

export const ETABLISSEMENT_UPDATED = 'L’établissement a été modifié.';

export const communeOf = (e: Etablissement) => {
  const commune = e.adresse?.['commune'];
  const cp = e.adresse?.['cp'];
  return (
    [typeof cp === 'string' ? cp : null, typeof commune === 'string' ? commune : null].filter(Boolean).join(' ') || '—'
  );
};

interface EstablishmentsProps {
  idAsso: string;
  etablissements: Etablissement[];
  /** Link of an establishment's own page. */
  pathOf: (siret: string) => string;
}

export function Establishments({ idAsso, etablissements, pathOf }: EstablishmentsProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const current = etablissements.find((e) => e.siret === editing) ?? null;
  return (
    <section aria-labelledby="etablissements">
      <h2 id="etablissements" className={fr.cx('fr-h4')}>
        Établissements
      </h2>
      {etablissements.length === 0 ? (
        <p>Aucun établissement n’est connu pour cette association.</p>
      ) : (
        <DataTable
          caption="Établissements"
          headers={['SIRET', 'Enseigne', 'Type', 'État', 'Commune', 'Actions']}
          data={etablissements.map((e) => [
            e.est_siege ? (
              formatSiret(e.siret)
            ) : (
              <Link key="siret" to={pathOf(e.siret)}>
                {formatSiret(e.siret)}
              </Link>
            ),
            e.enseigne ?? '—',
            e.est_siege ? (
              <Badge key="type" small severity="info">
                Siège
              </Badge>
            ) : (
              'Établissement secondaire'
            ),
            e.actif ? 'Actif' : 'Inactif',
            communeOf(e),
            <Button
              key="edit"
              size="small"
              priority="secondary"
              onClick={() => setEditing(e.siret)}
              nativeButtonProps={{ 'aria-label': `Modifier l’établissement ${formatSiret(e.siret)}` }}
            >
              Modifier
            </Button>,
          ])}
        />
      )}
      {current && (
        <EstablishmentForm
          key={current.siret}
          idAsso={idAsso}
          etablissement={current}
          onDone={() => setEditing(null)}
        />
      )}
    </section>
  );
}

const FIELDS = ['enseigne', 'courriel', 'telephone', 'note'] as const;

interface EstablishmentFormProps {
  idAsso: string;
  etablissement: Etablissement;
  onDone?: () => void;
}

export function EstablishmentForm({ idAsso, etablissement, onDone }: EstablishmentFormProps) {
  const refresh = useRefreshFile(idAsso);
  const initial = Object.fromEntries(FIELDS.map((k) => [k, etablissement[k] ?? ''])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const form = useZodForm(etablissementChangesSchema, initial, (v) =>
    Object.fromEntries(FIELDS.map((k) => [k, v[k].trim() === '' ? null : v[k].trim()])),
  );

  const onSubmit = form.handleSubmit(async (data) => {
    const changes = changedFields(FIELDS, etablissement, data);
    if (!changes) return;
    await callApi(api.association.patchEtablissement, {
      query: { id_asso: idAsso, id_siret: etablissement.siret },
      body: changes,
    });
    toast.success(ETABLISSEMENT_UPDATED);
    refresh('etablissements');
    onDone?.();
  });

  const title = `Coordonnées de l’établissement ${formatSiret(etablissement.siret)}`;
  return (
    <div className={fr.cx('fr-mt-4w')}>
      <h3 className={fr.cx('fr-h5')}>{title}</h3>
      <SubmitForm form={form} onSubmit={onSubmit} label={title} submitLabel="Enregistrer l’établissement">
        <TextField label="Enseigne" {...form.field('enseigne')} />
        <TextField label="Courriel de l’établissement" type="email" {...form.field('courriel')} />
        <TextField label="Téléphone de l’établissement" type="tel" {...form.field('telephone')} />
        <TextField label="Note" textArea {...form.field('note')} />
      </SubmitForm>
    </div>
  );
}
