// /administration/rds/parametrage-custom: the definitions of the custom fields (expected fields,
// answered in a dossier's or a project's `customs`) and of the expected documents the campaigns
// link (GET/POST/PUT /champs-attendus and /documents-attendus). Each is created, renamed, given
// another type or nature, switched off; a campaign then asks for it (/administration/rds).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { ANSWER_TYPES, MESSAGES, rdsSchemeRoutes, type AnswerType } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { CheckboxField, checkedText, isChecked } from '../../lib/forms/checkbox-field.tsx';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { toast } from '../../lib/toast/toast-store.ts';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { Page } from '../shell/index.ts';
import { RDS_ADMIN_PATH } from './paths.ts';

type Kind = 'champs' | 'documents';

/** The kinds of answer a custom field takes (subsidies/answers.ts checks each). */
const TYPE_LABELS: Readonly<Record<AnswerType, string>> = {
  text: 'Texte',
  number: 'Nombre entier',
  decimal: 'Nombre décimal',
  boolean: 'Oui / non',
  date: 'Date',
  select: 'Liste de choix',
  email: 'Adresse électronique',
  url: 'Adresse web',
};
const FIELD_TYPES = ANSWER_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
const typeLabel = (type: string) => TYPE_LABELS[type as AnswerType] ?? type;

interface Definition {
  id: string;
  code: string;
  label: string;
  labelCode: string | null;
  enabled: boolean;
  isDefault: boolean;
  meta: Record<string, unknown>;
  /** A field's type or a document's nature. */
  kindValue: string;
}
interface Draft {
  id: string | null;
  code: string;
  label: string;
  kindValue: string;
  enabled: boolean;
}

const TEXT: Record<Kind, { title: string; caption: string; column: string; add: string; one: string }> = {
  champs: { title: 'Champs personnalisés', caption: 'Champs personnalisés des dispositifs', column: 'Type de réponse', add: 'Nouveau champ', one: 'le champ' },
  documents: { title: 'Documents attendus', caption: 'Documents attendus des dispositifs', column: 'Nature', add: 'Nouveau document', one: 'le document' },
};

export function CustomSettingsPage() {
  return (
    <Page title="Paramétrage personnalisé" lead="Les champs personnalisés et les documents que les campagnes des dispositifs peuvent demander aux associations.">
      <p>
        Une définition sert à toutes les campagnes : chacune choisit ensuite les siennes, leur partie et leurs conditions dans l’
        <Link to={RDS_ADMIN_PATH}>administration des dispositifs</Link>.
      </p>
      <Definitions kind="champs" />
      <Definitions kind="documents" />
    </Page>
  );
}

function Definitions({ kind }: { kind: Kind }) {
  const text = TEXT[kind];
  const queryClient = useQueryClient();
  const key = ['rds-admin', 'definitions-all', kind];
  const list = useQuery({
    queryKey: key,
    queryFn: async (): Promise<Definition[]> =>
      kind === 'champs'
        ? (await callApi(rdsSchemeRoutes.listChampsAttendus, { query: {} })).map((c) => ({ ...c, kindValue: c.type }))
        : (await callApi(rdsSchemeRoutes.listDocumentsAttendus, { query: {} })).map((d) => ({ ...d, kindValue: d.nature })),
    retry: false,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<{ message: string; fields?: Record<string, string> } | null>(null);

  async function save() {
    if (!draft) return;
    const existing = list.data?.find((d) => d.id === draft.id);
    const base = {
      code: draft.code,
      label: draft.label,
      labelCode: existing?.labelCode ?? null,
      meta: existing?.meta ?? {},
      enabled: draft.enabled,
      isDefault: existing?.isDefault ?? false,
    };
    try {
      if (kind === 'champs') {
        const body = { ...base, type: draft.kindValue };
        if (draft.id) await callApi(rdsSchemeRoutes.updateChampAttendu, { params: { id: draft.id }, body });
        else await callApi(rdsSchemeRoutes.createChampAttendu, { body });
      } else {
        const body = { ...base, nature: draft.kindValue };
        if (draft.id) await callApi(rdsSchemeRoutes.updateDocumentAttendu, { params: { id: draft.id }, body });
        else await callApi(rdsSchemeRoutes.createDocumentAttendu, { body });
      }
      toast.success(`« ${draft.label} » est enregistré.`);
      setDraft(null);
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      const fields = error && typeof error === 'object' && 'fields' in error ? (error.fields as Record<string, string> | undefined) : undefined;
      setProblem({ message: errorMessage(error, MESSAGES.httpEmpty), ...(fields ? { fields } : {}) });
    }
  }

  const binding = (name: keyof Draft & string, prefix = kind) => ({
    name: `${prefix}-${name}`,
    value: String(draft?.[name] ?? ''),
    error: problem?.fields?.[name],
    onChange: (value: string) => setDraft((current) => (current ? { ...current, [name]: value } : current)),
  });

  return (
    <section aria-labelledby={`definitions-${kind}`} className={fr.cx('fr-mb-6w')}>
      <h2 id={`definitions-${kind}`} className={fr.cx('fr-h4')}>
        {text.title}
      </h2>
      {list.error ? (
        <Alert severity="error" small role="alert" description={errorMessage(list.error, MESSAGES.httpEmpty)} />
      ) : !list.data ? (
        <p>Chargement…</p>
      ) : list.data.length === 0 ? (
        <p>Aucune définition.</p>
      ) : (
        <DataTable
          caption={text.caption}
            noCaption
          rowHeaders
          headers={['Libellé', 'Code', text.column, 'Active', 'Modifier']}
          data={list.data.map((d) => [
            d.label,
            <code key="code">{d.code}</code>,
            kind === 'champs' ? typeLabel(d.kindValue) : d.kindValue,
            d.enabled ? 'Oui' : 'Non',
            <Button
              key="edit"
              size="small"
              priority="secondary"
              onClick={() => {
                setProblem(null);
                setDraft({ id: d.id, code: d.code, label: d.label, kindValue: d.kindValue, enabled: d.enabled });
              }}
            >
              Modifier<span className={fr.cx('fr-sr-only')}> {d.label}</span>
            </Button>,
          ])}
        />
      )}
      {draft ? (
        <form
          aria-label={draft.id ? `Modifier ${text.one} ${draft.code}` : text.add}
          className={fr.cx('fr-mt-2w')}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <h3 className={fr.cx('fr-h6')}>{draft.id ? `Modifier ${text.one} « ${draft.label} »` : text.add}</h3>
          <TextField label="Code" required maxLength={100} {...binding('code')} />
          <TextField label="Libellé" required maxLength={300} {...binding('label')} />
          {kind === 'champs' ? (
            <SelectField label="Type de réponse" placeholder="Choisir" placeholderDisabled options={FIELD_TYPES.some((t) => t.value === draft.kindValue) ? FIELD_TYPES : [...FIELD_TYPES, { value: draft.kindValue, label: typeLabel(draft.kindValue) }]} {...binding('kindValue')} />
          ) : (
            <TextField label="Nature (type de document)" required maxLength={50} {...binding('kindValue')} />
          )}
          <CheckboxField error={undefined}
            label="Active (proposée aux campagnes)"
            name={`${kind}-enabled`}
            value={checkedText(draft.enabled)}
            onChange={(value) => setDraft({ ...draft, enabled: isChecked(value) })}
          />
          {problem && <Alert severity="error" small role="alert" description={problem.message} className={fr.cx('fr-mb-2w')} />}
          <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
            <li>
              <Button type="submit">Enregistrer</Button>
            </li>
            <li>
              <Button type="button" priority="tertiary" onClick={() => setDraft(null)}>
                Annuler
              </Button>
            </li>
          </ul>
        </form>
      ) : (
        <Button
          className={fr.cx('fr-mt-2w')}
          priority="secondary"
          onClick={() => {
            setProblem(null);
            setDraft({ id: null, code: '', label: '', kindValue: kind === 'champs' ? 'text' : '', enabled: true });
          }}
        >
          {text.add}
        </Button>
      )}
    </section>
  );
}
