// One campaign of a scheme: its label, dates and opening, its sub-schemes' dates, and the expected
// fields and documents it asks for (part, required, conditions), each added from the definitions,
// removed, or given conditions in the condition editor; saved whole (PUT /subventions/{id}, the
// server checks every code and condition again), or duplicated into the next exercise.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { EXPECTED_PARTS, MESSAGES, rdsSchemeRoutes, type Ask, type SubventionView } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { CheckboxField, checkedText, isChecked } from '../../lib/forms/checkbox-field.tsx';
import { SelectField } from '../../lib/forms/select-field.tsx';
import { TextField } from '../../lib/forms/text-field.tsx';
import { toast } from '../../lib/toast/toast-store.ts';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { ASK_SCOPES, ConditionEditor, definitionsKey, describeAsks, PART_LABELS } from '../expected-definitions/index.ts';

type Kind = 'champs' | 'documents';
interface Link {
  code: string;
  label: string;
  part: (typeof EXPECTED_PARTS)[number];
  obligatoire: boolean;
  asks: Ask[];
}
interface Draft {
  label: string;
  active: boolean;
  date_debut: string;
  date_fin: string;
  sous_dispositifs: { id: string; label: string; date_debut: string; date_fin: string }[];
  champs: Link[];
  documents: Link[];
}

const KIND_TEXT: Record<Kind, { title: string; one: string; add: string }> = {
  champs: { title: 'Champs attendus', one: 'champ', add: 'Ajouter un champ attendu' },
  documents: { title: 'Documents attendus', one: 'document', add: 'Ajouter un document attendu' },
};

const toLink = (item: SubventionView['champs_attendus'][number] | SubventionView['documents_attendus'][number]): Link => ({
  code: item.code, label: item.label, part: item.part, obligatoire: item.obligatoire, asks: item.asks,
});
const draftOf = (s: SubventionView): Draft => ({
  label: s.label,
  active: s.active,
  date_debut: s.date_debut ?? '',
  date_fin: s.date_fin ?? '',
  sous_dispositifs: s.sous_dispositifs.map((sd) => ({ id: sd.id, label: sd.label, date_debut: sd.date_debut ?? '', date_fin: sd.date_fin ?? '' })),
  champs: s.champs_attendus.map(toLink),
  documents: s.documents_attendus.map(toLink),
});
const orNull = (text: string) => (text === '' ? null : text);

export function CampaignEditor({ campaign, onSaved, onClose }: { campaign: SubventionView; onSaved: (saved: SubventionView) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const [editing, setEditing] = useState<{ kind: Kind; index: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const definitions = useQuery({
    queryKey: [...definitionsKey('subventions'), 'offered'],
    queryFn: async () => ({
      champs: await callApi(rdsSchemeRoutes.listChampsAttendus, { query: { enabled: 'true' } }),
      documents: await callApi(rdsSchemeRoutes.listDocumentsAttendus, { query: { enabled: 'true' } }),
    }),
    retry: false,
  });
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const setLinks = (kind: Kind, links: Link[]) => set(kind === 'champs' ? { champs: links } : { documents: links });

  async function save() {
    setSending(true);
    setProblem(null);
    const link = ({ code, part, obligatoire, asks }: Link) => ({ code, part, obligatoire, asks });
    try {
      const saved = await callApi(rdsSchemeRoutes.updateSubvention, {
        params: { id: campaign.id },
        body: {
          code: campaign.code,
          label: draft.label,
          active: draft.active,
          dispositif: campaign.dispositif.code,
          campagne_exercice: campaign.campagne_exercice,
          type_projet: campaign.type_projet,
          date_debut: orNull(draft.date_debut),
          date_fin: orNull(draft.date_fin),
          sous_dispositifs: draft.sous_dispositifs.map((sd) => ({ id: sd.id, date_debut: orNull(sd.date_debut), date_fin: orNull(sd.date_fin) })),
          instructeurs: campaign.instructeurs.map((i) => ({ service: i.service.id, isReferent: i.isReferent })),
          champs_attendus: draft.champs.map(link),
          documents_attendus: draft.documents.map(link),
        },
      });
      toast.success(`La campagne « ${saved.label} » est enregistrée.`);
      onSaved(saved);
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES.httpEmpty));
    } finally {
      setSending(false);
    }
  }

  async function duplicate() {
    try {
      const next = await callApi(rdsSchemeRoutes.duplicateSubvention, { params: { id: campaign.id } });
      toast.success(`La campagne « ${next.label} » (exercice ${next.campagne_exercice}) est créée, inactive.`);
      onSaved(next);
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES.httpEmpty));
    }
  }

  const expectedTable = (kind: Kind) => {
    const links = kind === 'champs' ? draft.champs : draft.documents;
    const text = KIND_TEXT[kind];
    const available = (kind === 'champs' ? definitions.data?.champs : definitions.data?.documents)?.filter((d) => !links.some((l) => l.code === d.code)) ?? [];
    const change = (index: number, patch: Partial<Link>) => setLinks(kind, links.map((l, i) => (i === index ? { ...l, ...patch } : l)));
    return (
      <section aria-labelledby={`campagne-${kind}`} className={fr.cx('fr-mb-4w')}>
        <h3 id={`campagne-${kind}`} className={fr.cx('fr-h5')}>
          {text.title}
        </h3>
        {links.length === 0 ? (
          <p>Aucun {text.one} attendu pour cette campagne.</p>
        ) : (
          <DataTable
            caption={`${text.title} de la campagne`}
            noCaption
            multiline
            rowHeaders
            headers={['Libellé', 'Code', 'Partie', 'Obligatoire', 'Conditions', 'Actions']}
            data={links.map((l, index) => [
              l.label,
              <code key="code">{l.code}</code>,
              <SelectField error={undefined}
                key="part"
                label={`Partie de « ${l.label} »`}
                name={`${kind}-${index}-part`}
                value={l.part}
                placeholder="Choisir"
                placeholderDisabled
                options={EXPECTED_PARTS.map((p) => ({ value: p, label: PART_LABELS[p] ?? p }))}
                onChange={(part) => change(index, { part: part as Link['part'] })}
              />,
              <CheckboxField error={undefined}
                key="required"
                label={`Obligatoire : ${l.label}`}
                name={`${kind}-${index}-obligatoire`}
                value={checkedText(l.obligatoire)}
                onChange={(value) => change(index, { obligatoire: isChecked(value) })}
              />,
              describeAsks(l.asks),
              <ul key="actions" className={fr.cx('fr-btns-group', 'fr-btns-group--sm')}>
                <li>
                  <Button size="small" priority="secondary" onClick={() => setEditing({ kind, index })}>
                    Conditions<span className={fr.cx('fr-sr-only')}> de {l.label}</span>
                  </Button>
                </li>
                <li>
                  <Button size="small" priority="tertiary" onClick={() => setLinks(kind, links.filter((_, i) => i !== index))}>
                    Retirer<span className={fr.cx('fr-sr-only')}> {l.label}</span>
                  </Button>
                </li>
              </ul>,
            ])}
          />
        )}
        {editing?.kind === kind && links[editing.index] && (
          <ConditionEditor
            key={`${kind}-${editing.index}`}
            label={links[editing.index]!.label}
            asks={links[editing.index]!.asks}
            scopes={ASK_SCOPES}
            of="de la campagne"
            tca
            preview={(asks) => callApi(rdsSchemeRoutes.previewConditions, { params: { id: campaign.id }, body: { part: links[editing.index]!.part, asks } })}
            onApply={(asks) => {
              change(editing.index, { asks });
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
        {available.length > 0 && (
          <SelectField error={undefined}
            label={text.add}
            name={`ajout-${kind}`}
            value=""
            placeholder="Choisir dans les définitions"
            options={available.map((d) => ({ value: d.code, label: `${d.label} (${d.code})` }))}
            onChange={(code) => {
              const definition = available.find((d) => d.code === code);
              if (definition) setLinks(kind, [...links, { code, label: definition.label, part: 'dossier', obligatoire: false, asks: [] }]);
            }}
          />
        )}
      </section>
    );
  };

  return (
    <section aria-labelledby="campagne-titre" className={fr.cx('fr-mt-4w', 'fr-mb-6w')}>
      <h2 id="campagne-titre" className={fr.cx('fr-h4')}>
        Campagne {campaign.code} ({campaign.campagne_exercice})
      </h2>
      <p>
        Dispositif {campaign.dispositif.label} — {campaign.fenetre.libelle}
      </p>
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
          <TextField error={undefined} label="Libellé de la campagne" name="campagne-label" value={draft.label} maxLength={300} onChange={(label) => set({ label })} />
        </div>
        <div className={fr.cx('fr-col-6', 'fr-col-md-3')}>
          <TextField error={undefined} label="Date d’ouverture" type="date" name="campagne-debut" value={draft.date_debut} onChange={(date_debut) => set({ date_debut })} />
        </div>
        <div className={fr.cx('fr-col-6', 'fr-col-md-3')}>
          <TextField error={undefined} label="Date de clôture" type="date" name="campagne-fin" value={draft.date_fin} onChange={(date_fin) => set({ date_fin })} />
        </div>
      </div>
      <CheckboxField error={undefined} label="Campagne active (visible des associations)" name="campagne-active" value={checkedText(draft.active)} onChange={(v) => set({ active: isChecked(v) })} />

      <section aria-labelledby="campagne-sous-dispositifs" className={fr.cx('fr-mb-4w')}>
        <h3 id="campagne-sous-dispositifs" className={fr.cx('fr-h5')}>
          Sous-dispositifs de la campagne
        </h3>
        {draft.sous_dispositifs.length === 0 ? (
          <p>Aucun sous-dispositif.</p>
        ) : (
          <DataTable
            caption="Sous-dispositifs de la campagne"
            noCaption
            rowHeaders
            headers={['Sous-dispositif', 'Début', 'Fin']}
            data={draft.sous_dispositifs.map((sd, index) => {
              const setDates = (patch: Partial<Draft['sous_dispositifs'][number]>) =>
                set({ sous_dispositifs: draft.sous_dispositifs.map((x, i) => (i === index ? { ...x, ...patch } : x)) });
              return [
                sd.label,
                <TextField error={undefined} key="debut" label={`Début de ${sd.label}`} type="date" name={`sd-${index}-debut`} value={sd.date_debut} onChange={(date_debut) => setDates({ date_debut })} />,
                <TextField error={undefined} key="fin" label={`Fin de ${sd.label}`} type="date" name={`sd-${index}-fin`} value={sd.date_fin} onChange={(date_fin) => setDates({ date_fin })} />,
              ];
            })}
          />
        )}
      </section>

      {definitions.error && <Alert severity="error" small description={errorMessage(definitions.error, MESSAGES.httpEmpty)} />}
      {expectedTable('champs')}
      {expectedTable('documents')}

      {problem && <Alert severity="error" small role="alert" description={problem} className={fr.cx('fr-mb-2w')} />}
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
        <li>
          <Button disabled={sending} onClick={() => void save()}>
            Enregistrer la campagne
          </Button>
        </li>
        <li>
          <Button priority="secondary" onClick={() => void duplicate()}>
            Créer la campagne de l’exercice suivant
          </Button>
        </li>
        <li>
          <Button priority="tertiary" onClick={onClose}>
            Fermer
          </Button>
        </li>
      </ul>
    </section>
  );
}
