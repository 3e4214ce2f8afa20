// /administration/rda: the approvals' catalogue for its administrators (rda-server /agrements,
// docs/domain.md « Agréments »). The list with its filters (type, service, campaign, code, state),
// a new approval, an approval changed (differences only), duplicated into the next campaign, or
// deleted after its confirmation; types from the referential types-agrement, services among those
// the administrator reaches, expected fields and documents from the approvals' own definitions,
// which the page's last section creates and changes (features/expected-definitions). A second tab
// shows the history of the catalogue's changes (approvals and definitions).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Tabs } from '@codegouvfr/react-dsfr/Tabs';
import { api, approvalCatalogueRoutes, APPROVAL_TYPES_REFERENTIEL, MESSAGES, type AgrementView } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { useFocusAfterRender } from '../../lib/focus/focus.ts';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { toast } from '../../lib/toast/toast-store.ts';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { definitionsKey, ExpectedDefinitions } from '../expected-definitions/index.ts';
import { Page } from '../shell/index.ts';
import { ApprovalForm, type ApprovalFormChoices } from './approval-form.tsx';
import { ApprovalsHistory } from './approvals-history.tsx';

type Filters = { type: string; service: string; campagne_exercice: string; code: string; active: string };
const NO_FILTER: Filters = { type: '', service: '', campagne_exercice: '', code: '', active: '' };
const LIST_HEADING = 'agrements-liste';
const ENABLED = 'Active (proposée aux agréments)';

/** The list's query: the filters given, the campaign only when it is a year. */
function queryOf(f: Filters) {
  const year = /^\d{4}$/.test(f.campagne_exercice.trim()) ? Number(f.campagne_exercice.trim()) : undefined;
  return {
    ...(f.type ? { type: f.type } : {}),
    ...(f.service ? { service: f.service } : {}),
    ...(year ? { campagne_exercice: year } : {}),
    ...(f.code.trim() ? { code: f.code.trim() } : {}),
    ...(f.active ? { active: f.active as 'true' | 'false' } : {}),
  };
}

const TABS = [
  { tabId: 'catalogue', label: 'Catalogue des agréments', content: () => <ApprovalsCatalogue /> },
  { tabId: 'historique', label: 'Historique des modifications', content: () => <ApprovalsHistory /> },
] as const;

export function ApprovalsAdminPage() {
  const [selected, setSelected] = useState<string>(TABS[0].tabId);
  const tab = TABS.find((t) => t.tabId === selected) ?? TABS[0];
  return (
    <Page title="Administration des agréments" lead="Le catalogue des agréments : le service qui instruit chacun, sa campagne et ce que ses dossiers de demande attendent.">
      <Tabs selectedTabId={selected} onTabChange={setSelected} tabs={TABS.map(({ tabId, label }) => ({ tabId, label }))}>
        {tab.content()}
      </Tabs>
    </Page>
  );
}

function ApprovalsCatalogue() {
  const queryClient = useQueryClient();
  const moveFocus = useFocusAfterRender();
  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const [draft, setDraft] = useState<Filters>(NO_FILTER);
  const [editing, setEditing] = useState<AgrementView | 'new' | null>(null);
  const list = useQuery({ queryKey: ['agrements-admin', filters], queryFn: () => callApi(approvalCatalogueRoutes.listAgrements, { query: queryOf(filters) }), retry: false });
  const references = useQuery({
    queryKey: ['agrements-admin-choices'],
    queryFn: async () => {
      const [types, services] = await Promise.all([
        callApi(api.referentiels.get, { query: { type: APPROVAL_TYPES_REFERENTIEL } }),
        callApi(approvalCatalogueRoutes.listAgrementServices),
      ]);
      return { types: types.options, services };
    },
    retry: false,
  });
  // The definitions an approval may ask for: read again once one is created or changed below.
  const offered = useQuery({
    queryKey: [...definitionsKey('agrements'), 'offered'],
    queryFn: async () => {
      const [champs, documents] = await Promise.all([
        callApi(approvalCatalogueRoutes.listChampsAttendus, { query: { enabled: 'true' } }),
        callApi(approvalCatalogueRoutes.listDocumentsAttendus, { query: { enabled: 'true' } }),
      ]);
      return { champs, documents };
    },
    retry: false,
  });
  const choices = { data: references.data && offered.data ? ({ ...references.data, ...offered.data } satisfies ApprovalFormChoices) : undefined, error: references.error ?? offered.error };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['agrements-admin'] });

  function close() {
    setEditing(null);
    moveFocus(LIST_HEADING);
  }

  async function act(work: () => Promise<string>) {
    try {
      toast.success(await work());
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    } finally {
      await refresh();
    }
  }
  const duplicate = (a: AgrementView) =>
    act(async () => {
      const copy = await callApi(approvalCatalogueRoutes.duplicateAgrement, { params: { id: a._id } });
      return `L’agrément ${copy.code} a été dupliqué pour la campagne ${copy.campagne_exercice} (inactif).`;
    });
  const remove = (a: AgrementView) => act(async () => (await callApi(approvalCatalogueRoutes.deleteAgrement, { params: { id: a._id } })).message);

  function applyFilters(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
  }
  const filterField = (name: keyof Filters) => ({ name: `filtre-${name}`, value: draft[name], error: undefined, onChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })) });
  const error = list.error ?? choices.error;

  return (
    <>
      {error && <Alert severity="error" small role="alert" className={fr.cx('fr-mb-2w')} description={errorMessage(error, MESSAGES.httpEmpty)} />}
      {choices.data && (
        <form onSubmit={applyFilters} aria-labelledby="agrements-filtres" className={fr.cx('fr-mb-4w')}>
          <h2 id="agrements-filtres" className={fr.cx('fr-h5')}>
            Filtres
          </h2>
          <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
            <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
              <SelectField label="Type d’agrément" placeholder="Tous les types" options={choices.data.types.map((t) => ({ value: t.value, label: t.label }))} {...filterField('type')} />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
              <SelectField label="Service instructeur" placeholder="Tous les services" options={choices.data.services.map((s) => ({ value: s.id, label: s.nom }))} {...filterField('service')} />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
              <SelectField
                label="État"
                placeholder="Actifs et inactifs"
                options={[
                  { value: 'true', label: 'Actifs' },
                  { value: 'false', label: 'Inactifs' },
                ]}
                {...filterField('active')}
              />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
              <TextField label="Campagne (exercice)" type="number" {...filterField('campagne_exercice')} />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
              <TextField label="Code" maxLength={100} {...filterField('code')} />
            </div>
          </div>
          <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-2w')}>
            <li>
              <Button type="submit">Filtrer</Button>
            </li>
            <li>
              <Button
                type="button"
                priority="secondary"
                onClick={() => {
                  setDraft(NO_FILTER);
                  setFilters(NO_FILTER);
                }}
              >
                Réinitialiser les filtres
              </Button>
            </li>
          </ul>
        </form>
      )}
      {choices.data && editing === null && (
        <p>
          <Button iconId="fr-icon-add-line" onClick={() => setEditing('new')}>
            Créer un agrément
          </Button>
        </p>
      )}
      {choices.data && editing !== null && (
        <ApprovalForm
          key={editing === 'new' ? 'new' : editing._id}
          agrement={editing === 'new' ? null : editing}
          choices={choices.data}
          onCancel={close}
          onSaved={(saved, created) => {
            toast.success(created ? `L’agrément ${saved.code} a été créé.` : `L’agrément ${saved.code} a été modifié.`);
            void refresh();
            close();
          }}
        />
      )}
      <h2 id={LIST_HEADING} tabIndex={-1} className={fr.cx('fr-h5')}>
        Liste des agréments
      </h2>
      {!list.data ? (
        !list.error && <p>Chargement des agréments…</p>
      ) : list.data.length === 0 ? (
        <p>Aucun agrément ne correspond aux filtres.</p>
      ) : (
        <>
          <p role="status">{list.data.length} agrément(s)</p>
          <DataTable
            caption="Agréments du catalogue"
            rowHeaders
            headers={['Code', 'Type', 'Service instructeur', 'Campagne', 'État', 'Attendus', 'Actions']}
            data={list.data.map((a) => {
              const name = `${a.code} (campagne ${a.campagne_exercice})`;
              return [
                <>
                  {a.code}
                  {a.code_service && <span className={fr.cx('fr-hint-text')}>Code du service : {a.code_service}</span>}
                </>,
                a.type_agrement_label,
                a.service_nom,
                a.campagne_exercice,
                <Badge key="etat" severity={a.active ? 'success' : 'info'} small noIcon>
                  {a.active ? 'Actif' : 'Inactif'}
                </Badge>,
                `${a.champs_attendus.length} champ(s), ${a.documents_attendus.length} document(s)`,
                <ul key="actions" className={fr.cx('fr-btns-group', 'fr-btns-group--sm', 'fr-btns-group--inline-lg')}>
                  <li>
                    <Button size="small" priority="secondary" onClick={() => setEditing(a)} nativeButtonProps={{ 'aria-label': `Modifier l’agrément ${name}` }}>
                      Modifier
                    </Button>
                  </li>
                  <li>
                    <Button size="small" priority="secondary" onClick={() => void duplicate(a)} nativeButtonProps={{ 'aria-label': `Dupliquer l’agrément ${name} pour la campagne suivante` }}>
                      Dupliquer
                    </Button>
                  </li>
                  <li>
                    <ConfirmAction
                      label="Supprimer"
                      ariaLabel={`Supprimer l’agrément ${name}`}
                      question={`Supprimer l’agrément ${name} ?`}
                      confirmLabel="Supprimer l’agrément"
                      onConfirm={() => remove(a)}
                    />
                  </li>
                </ul>,
              ];
            })}
          />
        </>
      )}
      <section aria-labelledby="agrements-definitions" className={fr.cx('fr-mt-6w')}>
        <h2 id="agrements-definitions" className={fr.cx('fr-h5')}>
          Champs et documents attendus des agréments
        </h2>
        <p>
          Une définition sert à tous les agréments : chacun choisit ensuite les siens (et lesquels sont obligatoires) dans son formulaire ci-dessus. Les
          champs sont demandés à l’étape « Critères d’agrément » du dossier de demande, les documents à l’étape « Documents ».
        </p>
        <ExpectedDefinitions
          catalogue="agrements"
          kind="champs"
          headingLevel={3}
          texts={{ title: 'Champs attendus', caption: 'Champs attendus des agréments', add: 'Nouveau champ attendu', one: 'le champ', enabled: ENABLED }}
        />
        <ExpectedDefinitions
          catalogue="agrements"
          kind="documents"
          headingLevel={3}
          texts={{ title: 'Documents attendus', caption: 'Documents attendus des agréments', add: 'Nouveau document attendu', one: 'le document', enabled: ENABLED }}
        />
      </section>
    </>
  );
}
