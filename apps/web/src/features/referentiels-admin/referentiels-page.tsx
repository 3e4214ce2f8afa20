// /administration/referentiels (docs/domain.md « Référentiels »): the reference lists (regions,
// departments, federations, document types... about 35 types). The list of types with their option
// counts; one opened, its label, category and options edited and sent whole (PATCH
// /referentiels/{id}); a value twice is refused before sending, and the server's « Aucun changement
// n'a été détécté. » is shown when nothing changed. A list too long to be sent whole (communes)
// keeps its options: only its label and category change here. A second tab shows the history of
// the referentials' changes (GET /referentiels/historique, the shared change history).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Tabs } from '@codegouvfr/react-dsfr/Tabs';
import { errorCodeOf, MAX_OPTIONS_LIMIT, MESSAGES, referentielPatchSchema, referentielRoutes, type Referentiel } from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApi, errorMessage, isApiError } from '../../lib/api/index.ts';
import { TextField } from '../../lib/forms/text-field.tsx';
import { toast } from '../../lib/toast/toast-store.ts';
import { ChangeHistory } from '../../lib/ui/change-history.tsx';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { Page } from '../shell/index.ts';

/** The history's cache: a saved change makes it read again. */
const HISTORY_KEY = ['referentiels-admin', 'historique'] as const;

const TABS = [
  { tabId: 'listes', label: 'Listes de référence' },
  { tabId: 'historique', label: 'Historique des modifications' },
] as const;

export function ReferentielsPage() {
  const [selected, setSelected] = useState<string>(TABS[0].tabId);
  return (
    <Page title="Référentiels" lead="Les listes de référence proposées dans les formulaires du portail : régions, départements, fédérations sportives, types de documents…">
      <Tabs selectedTabId={selected} onTabChange={setSelected} tabs={TABS.map(({ tabId, label }) => ({ tabId, label }))}>
        {selected === 'historique' ? <ReferentielsHistory /> : <ReferentielsLists />}
      </Tabs>
    </Page>
  );
}

function ReferentielsHistory() {
  return (
    <ChangeHistory
      queryKey={HISTORY_KEY}
      readPage={(query) => callApi(referentielRoutes.history, { query })}
      intro="Chaque modification des référentiels (libellé, catégorie, options ajoutées, retirées ou modifiées), de la plus récente à la plus ancienne."
      caption="Modifications des référentiels"
      empty="Aucune modification des référentiels n’est enregistrée."
    />
  );
}

function ReferentielsLists() {
  const types = useQuery({ queryKey: ['referentiels-admin', 'types'], queryFn: () => callApi(referentielRoutes.list, { query: { limit: 1 } }), retry: false });
  const [openType, setOpenType] = useState<string | null>(null);

  return (
    <>
      {types.error ? (
        <Alert severity="error" small role="alert" description={errorMessage(types.error, MESSAGES.httpEmpty)} />
      ) : !types.data ? (
        <p>Chargement des référentiels…</p>
      ) : (
        <DataTable
          caption="Types de référentiels"
          rowHeaders
          headers={['Référentiel', 'Type', 'Catégorie', 'Options', 'Modifier']}
          data={[...types.data]
            .sort((a, b) => a.label.localeCompare(b.label, 'fr'))
            .map((r) => [
              r.label,
              <code key="type">{r.type}</code>,
              r.categorie ?? 'Aucune',
              String(r.optionsCount),
              <Button key="open" size="small" priority="secondary" onClick={() => setOpenType(r.type)}>
                Modifier<span className={fr.cx('fr-sr-only')}> le référentiel {r.label}</span>
              </Button>,
            ])}
        />
      )}
      {openType && <ReferentielEditor key={openType} type={openType} onClose={() => setOpenType(null)} />}
    </>
  );
}

interface OptionDraft {
  value: string;
  label: string;
  meta: Record<string, unknown> | null;
}

function ReferentielEditor({ type, onClose }: { type: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const referentiel = useQuery({
    queryKey: ['referentiels-admin', 'one', type],
    queryFn: () => callApi(referentielRoutes.get, { query: { type, limit: MAX_OPTIONS_LIMIT } }),
    retry: false,
  });
  if (referentiel.error) return <Alert severity="error" small role="alert" description={errorMessage(referentiel.error, MESSAGES.httpEmpty)} />;
  if (!referentiel.data) return <p>Chargement du référentiel…</p>;
  return (
    <EditorForm
      referentiel={referentiel.data}
      onSaved={(saved) => {
        queryClient.setQueryData(['referentiels-admin', 'one', type], saved);
        void queryClient.invalidateQueries({ queryKey: ['referentiels-admin', 'types'] });
        void queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
      }}
      onClose={onClose}
    />
  );
}

function EditorForm({ referentiel, onSaved, onClose }: { referentiel: Referentiel; onSaved: (saved: Referentiel) => void; onClose: () => void }) {
  /** The whole list is here: it may be sent back whole. */
  const whole = referentiel.optionsCount <= referentiel.options.length;
  const [label, setLabel] = useState(referentiel.label);
  const [categorie, setCategorie] = useState(referentiel.categorie ?? '');
  const [options, setOptions] = useState<OptionDraft[]>(() => referentiel.options.map((o) => ({ ...o })));
  const [notice, setNotice] = useState<{ severity: 'error' | 'info'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const change = (index: number, patch: Partial<OptionDraft>) => setOptions((current) => current.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  async function save() {
    const body = { label, categorie: categorie.trim() === '' ? null : categorie, ...(whole ? { options } : {}) };
    const checked = referentielPatchSchema.safeParse(body);
    if (!checked.success) {
      setNotice({ severity: 'error', text: checked.error.issues[0]?.message ?? MESSAGES.httpEmpty });
      return;
    }
    setSending(true);
    try {
      const saved = await callApi(referentielRoutes.update, { params: { id: referentiel._id }, body });
      toast.success(`Le référentiel « ${saved.label} » est enregistré.`);
      setNotice(null);
      onSaved(saved);
    } catch (error) {
      const noChange = isApiError(error) && error.code === errorCodeOf('NO_CHANGE_DETECTED');
      const text = errorMessage(error, MESSAGES.httpEmpty);
      if (noChange) toast.info(text);
      setNotice({ severity: noChange ? 'info' : 'error', text });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="referentiel-titre" className={fr.cx('fr-mt-4w')}>
      <h2 id="referentiel-titre" ref={heading} tabIndex={-1} className={fr.cx('fr-h4')}>
        {referentiel.label} (<code>{referentiel.type}</code>)
      </h2>
      <form
        aria-label={`Modifier le référentiel ${referentiel.label}`}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            <TextField label="Libellé du référentiel" name="referentiel-label" required maxLength={200} value={label} error={undefined} onChange={setLabel} />
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            <TextField label="Catégorie" name="referentiel-categorie" maxLength={60} value={categorie} error={undefined} onChange={setCategorie} />
          </div>
        </div>
        {whole ? (
          <>
            <DataTable
              caption={`Options du référentiel ${referentiel.label}`}
              headers={['N°', 'Valeur', 'Libellé', 'Retirer']}
              data={options.map((o, index) => [
                String(index + 1),
                <input
                  key="value"
                  className={fr.cx('fr-input')}
                  aria-label={`Valeur de l’option ${index + 1}`}
                  value={o.value}
                  maxLength={100}
                  onChange={(event) => change(index, { value: event.target.value })}
                />,
                <input
                  key="label"
                  className={fr.cx('fr-input')}
                  aria-label={`Libellé de l’option ${index + 1}`}
                  value={o.label}
                  maxLength={300}
                  style={{ minWidth: '16rem' }}
                  onChange={(event) => change(index, { label: event.target.value })}
                />,
                <Button key="remove" type="button" size="small" priority="tertiary" onClick={() => setOptions((current) => current.filter((_, i) => i !== index))}>
                  Retirer<span className={fr.cx('fr-sr-only')}> l’option {index + 1}</span>
                </Button>,
              ])}
            />
            <Button type="button" priority="secondary" onClick={() => setOptions((current) => [...current, { value: '', label: '', meta: null }])}>
              Ajouter une option
            </Button>
          </>
        ) : (
          <Alert
            severity="info"
            small
            description={`Ce référentiel compte ${referentiel.optionsCount} options, trop pour être modifiées ici : seuls son libellé et sa catégorie le sont.`}
          />
        )}
        <div aria-live="polite" className={fr.cx('fr-mt-2w')}>
          {notice && <Alert severity={notice.severity} small description={notice.text} />}
        </div>
        <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-2w')}>
          <li>
            <Button type="submit" disabled={sending}>
              Enregistrer le référentiel
            </Button>
          </li>
          <li>
            <Button type="button" priority="tertiary" onClick={onClose}>
              Fermer
            </Button>
          </li>
        </ul>
      </form>
    </section>
  );
}
