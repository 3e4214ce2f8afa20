// The definitions of one catalogue's expected fields (answered in a dossier's `customs`) or expected
// documents (attached from the association's documents of their nature): the subsidies' (rds-server)
// or the approvals' (rda-server), the same calls on each (GET/POST/PUT /champs-attendus and
// /documents-attendus). Each is created, renamed, given another type or nature, switched off; a
// campaign or an approval then asks for it. A field's type is one of the answers' kinds, a document's
// nature one of the association file's document types (referential types-documents); the server
// checks both again and says so in French.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { ANSWER_TYPES, api, approvalCatalogueRoutes, MESSAGES, rdsSchemeRoutes, type AnswerType } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage, isApiError } from '../../lib/api/index.ts';
import { CheckboxField, checkedText, isChecked } from '../../lib/forms/checkbox-field.tsx';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { toast } from '../../lib/toast/toast-store.ts';
import { DataTable } from '../../lib/ui/data-table.tsx';

export type DefinitionKind = 'champs' | 'documents';

/** The referential whose options are the natures a document definition may take. */
const DOCUMENT_TYPES_REFERENTIEL = 'types-documents';

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

/** The calls of one catalogue's definitions: the subsidies' or the approvals'. */
const CATALOGUES = {
  subventions: {
    listChamps: rdsSchemeRoutes.listChampsAttendus,
    createChamp: rdsSchemeRoutes.createChampAttendu,
    updateChamp: rdsSchemeRoutes.updateChampAttendu,
    listDocuments: rdsSchemeRoutes.listDocumentsAttendus,
    createDocument: rdsSchemeRoutes.createDocumentAttendu,
    updateDocument: rdsSchemeRoutes.updateDocumentAttendu,
  },
  agrements: {
    listChamps: approvalCatalogueRoutes.listChampsAttendus,
    createChamp: approvalCatalogueRoutes.createChampAttendu,
    updateChamp: approvalCatalogueRoutes.updateChampAttendu,
    listDocuments: approvalCatalogueRoutes.listDocumentsAttendus,
    createDocument: approvalCatalogueRoutes.createDocumentAttendu,
    updateDocument: approvalCatalogueRoutes.updateDocumentAttendu,
  },
} as const;
export type DefinitionCatalogue = keyof typeof CATALOGUES;

/** The query keys of a catalogue's definitions (every kind, or one): what a change makes read again. */
export const definitionsKey = (catalogue: DefinitionCatalogue, kind?: DefinitionKind) => ['expected-definitions', catalogue, ...(kind ? [kind] : [])];

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

/** What names the definitions on a page: the section's title, the table's caption, the add button, « le champ » or « le document ». */
export interface DefinitionTexts {
  title: string;
  caption: string;
  add: string;
  one: string;
  /** The box that offers the definition (e.g. « Active (proposée aux campagnes) »). */
  enabled: string;
}

interface ExpectedDefinitionsProps {
  catalogue: DefinitionCatalogue;
  kind: DefinitionKind;
  texts: DefinitionTexts;
  /** The section's heading level: 2 on a page of its own, 3 within a page's section. */
  headingLevel?: 2 | 3;
}

async function listOf(catalogue: DefinitionCatalogue, kind: DefinitionKind): Promise<Definition[]> {
  const routes = CATALOGUES[catalogue];
  return kind === 'champs'
    ? (await callApi(routes.listChamps, { query: {} })).map((c) => ({ ...c, kindValue: c.type }))
    : (await callApi(routes.listDocuments, { query: {} })).map((d) => ({ ...d, kindValue: d.nature }));
}

/** The server's field names as the draft's (a field's type or a document's nature: its kind). */
const draftField = (field: string) => (field === 'type' || field === 'nature' ? 'kindValue' : field);

export function ExpectedDefinitions({ catalogue, kind, texts, headingLevel = 2 }: ExpectedDefinitionsProps) {
  const queryClient = useQueryClient();
  const key = definitionsKey(catalogue, kind);
  const list = useQuery({ queryKey: key, queryFn: () => listOf(catalogue, kind), retry: false });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<{ message: string; fields?: Record<string, string> } | null>(null);
  // A document's natures: the association file's document types, read once a document is edited.
  const natures = useQuery({
    queryKey: ['referentiel', DOCUMENT_TYPES_REFERENTIEL],
    queryFn: () => callApi(api.referentiels.get, { query: { type: DOCUMENT_TYPES_REFERENTIEL } }),
    enabled: kind === 'documents' && draft !== null,
    retry: false,
    staleTime: Infinity,
  });
  const headingId = `definitions-${catalogue}-${kind}`;
  const Heading = `h${headingLevel}` as const;
  const FormHeading = headingLevel === 2 ? 'h3' : 'h4';

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
    const routes = CATALOGUES[catalogue];
    try {
      if (kind === 'champs') {
        const body = { ...base, type: draft.kindValue };
        if (draft.id) await callApi(routes.updateChamp, { params: { id: draft.id }, body });
        else await callApi(routes.createChamp, { body });
      } else {
        const body = { ...base, nature: draft.kindValue };
        if (draft.id) await callApi(routes.updateDocument, { params: { id: draft.id }, body });
        else await callApi(routes.createDocument, { body });
      }
      toast.success(`« ${draft.label} » est enregistré.`);
      setDraft(null);
      setProblem(null);
      // Every list of this catalogue's definitions is read again (those a campaign or an approval offers too).
      void queryClient.invalidateQueries({ queryKey: definitionsKey(catalogue) });
    } catch (error) {
      const fields = isApiError(error) && error.fields ? Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [draftField(field), message])) : undefined;
      setProblem({ message: errorMessage(error, MESSAGES.httpEmpty), ...(fields ? { fields } : {}) });
    }
  }

  const binding = (name: keyof Draft & string) => ({
    name: `${headingId}-${name}`,
    value: String(draft?.[name] ?? ''),
    error: problem?.fields?.[name],
    onChange: (value: string) => setDraft((current) => (current ? { ...current, [name]: value } : current)),
  });
  const natureOptions = (natures.data?.options ?? []).map((o) => ({ value: o.value, label: `${o.label} (${o.value})` }));
  /** The choices, with the draft's own value kept when the list does not hold it (an older definition). */
  const withCurrent = (options: { value: string; label: string }[], current: string, label: (v: string) => string) =>
    current === '' || options.some((o) => o.value === current) ? options : [...options, { value: current, label: label(current) }];

  return (
    <section aria-labelledby={headingId} className={fr.cx('fr-mb-6w')}>
      <Heading id={headingId} className={fr.cx(headingLevel === 2 ? 'fr-h4' : 'fr-h5')}>
        {texts.title}
      </Heading>
      {list.error ? (
        <Alert severity="error" small role="alert" description={errorMessage(list.error, MESSAGES.httpEmpty)} />
      ) : !list.data ? (
        <p>Chargement…</p>
      ) : list.data.length === 0 ? (
        <p>Aucune définition.</p>
      ) : (
        <DataTable
          caption={texts.caption}
          noCaption
          multiline
          rowHeaders
          headers={['Libellé', 'Code', kind === 'champs' ? 'Type de réponse' : 'Nature', 'Active', 'Modifier']}
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
          aria-label={draft.id ? `Modifier ${texts.one} ${draft.code}` : texts.add}
          className={fr.cx('fr-mt-2w')}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <FormHeading className={fr.cx('fr-h6')}>{draft.id ? `Modifier ${texts.one} « ${draft.label} »` : texts.add}</FormHeading>
          <TextField label="Code" required maxLength={100} {...binding('code')} />
          <TextField label="Libellé" required maxLength={300} {...binding('label')} />
          {kind === 'champs' ? (
            <SelectField label="Type de réponse" placeholder="Choisir" placeholderDisabled options={withCurrent(FIELD_TYPES, draft.kindValue, typeLabel)} {...binding('kindValue')} />
          ) : natures.data ? (
            <SelectField
              label="Nature (type de document)"
              placeholder="Choisir un type de document"
              placeholderDisabled
              options={withCurrent(natureOptions, draft.kindValue, (v) => v)}
              {...binding('kindValue')}
            />
          ) : (
            <TextField label="Nature (type de document)" required maxLength={50} {...binding('kindValue')} />
          )}
          <CheckboxField
            error={undefined}
            label={texts.enabled}
            name={`${headingId}-enabled`}
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
          {texts.add}
        </Button>
      )}
    </section>
  );
}
