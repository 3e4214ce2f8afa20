// « Sites d'aide alimentaire » (docs/domain.md « Aide alimentaire : sites et adresses »): from the
// file of an association holding a food-aid (HAA) approval, and from the food-aid step of an
// approval dossier's wizard (which also shows the sites in its page), a modal lists its sites with
// their addresses and adds or edits one: who runs it (an establishment or a member association of its
// network, from GET /haa/membres), its activity, itinerant or fixed, opening hours per day (time
// ranges), closing periods (date ranges) and its address, whose commune searches as you type
// (lib/ui/commune-combobox.tsx). The modal is a native modal <dialog> with the DSFR modal's markup
// (as lib/ui/confirm-dialog.tsx): Échap or « Fermer » close it and focus returns to its opener. It is
// rendered at the end of the document's body, so that its form is never inside the form of the page
// that opens it (the wizard's step), and its events stop there.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import {
  api,
  HAA_ACTIVITY_LABELS,
  HAA_ACTIVITY_NATURES,
  HAA_DAY_LABELS,
  HAA_DAYS,
  HAA_LIMITS,
  HAA_MEMBER_TYPE_LABELS,
  MESSAGES,
  type HaaDay,
  type HaaSite,
} from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { callApi, errorMessage, isApiError } from '../../lib/api/index.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { CommuneCombobox } from '../../lib/ui/commune-combobox.tsx';
import { ConfirmAction } from '../../lib/ui/confirm-action.tsx';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { draftOf, emptyDraft, readDraft, type SiteDraft } from './haa-site-draft.ts';
import { formatIsoDay } from '../../lib/format/date.ts';

export const HAA_SITE_SAVED = 'Le site d’aide alimentaire a été enregistré.';
/** §8: a site that cannot be loaded in the modal. */
export const HAA_SITE_LOAD_FAILED = 'Une erreur est survenue lors de la récupération du site';
/** The sites' table: its caption, and the name of its region that scrolls sideways at 320 px. */
export const HAA_SITES_CAPTION = 'Sites d’aide alimentaire de l’association';
export const HAA_SITE_SAVE_FAILED = 'Un problème est survenu lors de l’enregistrement du site.';

const haaKeys = {
  sites: (idAsso: string) => ['administrative-info', idAsso, 'haa-sites'] as const,
  membres: (idAsso: string) => ['administrative-info', idAsso, 'haa-membres'] as const,
};

interface HaaSitesSectionProps {
  idAsso: string;
  readOnly: boolean;
  /**
   * The sites listed in the page itself too (read only there; the modal adds, changes and removes
   * them), and no button to manage them when read only: the approval wizard's food-aid step.
   */
  inline?: boolean;
  /** What the section says under its title. */
  intro?: string;
}

export function HaaSitesSection({ idAsso, readOnly, inline = false, intro }: HaaSitesSectionProps) {
  const [open, setOpen] = useState(false);
  const sites = useQuery({ ...sitesQuery(idAsso), enabled: inline });
  useEffect(() => {
    if (inline && sites.isError) toast.error(HAA_SITE_LOAD_FAILED);
  }, [inline, sites.isError]);
  return (
    <section aria-labelledby="titre-sites-haa" className={fr.cx(inline ? 'fr-mb-4w' : 'fr-mt-6w')}>
      <h3 id="titre-sites-haa" className={inline ? fr.cx('fr-h6') : undefined}>
        Sites d’aide alimentaire
      </h3>
      <p>{intro ?? 'Les sites de distribution déclarés au titre de l’habilitation aide alimentaire, avec leurs adresses, horaires et périodes de fermeture.'}</p>
      {inline && <SiteList idAsso={idAsso} sites={sites.data} loading={sites.isPending} failed={sites.isError} readOnly onAdd={() => undefined} onEdit={() => undefined} />}
      {!(inline && readOnly) && (
        <Button type="button" iconId="fr-icon-map-pin-2-line" onClick={() => setOpen(true)}>
          Gérer les sites d’aide alimentaire
        </Button>
      )}
      {open && createPortal(<HaaSitesModal idAsso={idAsso} readOnly={readOnly} onClose={() => setOpen(false)} />, document.body)}
    </section>
  );
}

/** The association's sites, one query for the page and its modal. */
const sitesQuery = (idAsso: string) => ({
  queryKey: haaKeys.sites(idAsso),
  queryFn: () => callApi(api.haa.getHaaSites, { query: { id_asso: idAsso } }),
  retry: false,
});

function HaaSitesModal({ idAsso, readOnly, onClose }: { idAsso: string; readOnly: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [editing, setEditing] = useState<HaaSite | 'new' | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const wasEditing = useRef(false);
  // Back from the form (saved or cancelled), focus goes to the modal's title, not to the page behind.
  useEffect(() => {
    if (wasEditing.current && editing === null) title.current?.focus();
    wasEditing.current = editing !== null;
  }, [editing]);
  const sites = useQuery(sitesQuery(idAsso));
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    const opener = document.activeElement;
    if (typeof node.showModal === 'function') node.showModal();
    else node.setAttribute('open', '');
    return () => {
      if (typeof node.close === 'function' && node.open) node.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  useEffect(() => {
    if (sites.isError) toast.error(HAA_SITE_LOAD_FAILED);
  }, [sites.isError]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="lca-modal"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Échap closes it where the browser sends no `cancel` (an Échap a field used, the commune
      // list closing, is left to it).
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onClose();
      }}
    >
      <div className={fr.cx('fr-container', 'fr-container--fluid', 'fr-container-md')}>
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--center')}>
          <div className={fr.cx('fr-col-12', 'fr-col-lg-10')}>
            <div className={fr.cx('fr-modal__body')} style={{ maxHeight: '90vh', overflowY: 'auto' }}>
              <div className={fr.cx('fr-modal__header')}>
                <button type="button" className={fr.cx('fr-btn--close', 'fr-btn')} title="Fermer" onClick={onClose}>
                  Fermer
                </button>
              </div>
              <div className={fr.cx('fr-modal__content')}>
                <h1 id={titleId} ref={title} tabIndex={-1} className={fr.cx('fr-modal__title')}>
                  Sites d’aide alimentaire
                </h1>
                {editing ? (
                  <SiteForm idAsso={idAsso} site={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
                ) : (
                  <SiteList idAsso={idAsso} sites={sites.data} loading={sites.isPending} failed={sites.isError} readOnly={readOnly} onAdd={() => setEditing('new')} onEdit={setEditing} />
                )}
              </div>
            </div>
          </div>
        </div>
      </div>
    </dialog>
  );
}

const addressText = (site: HaaSite) => {
  const a = site.adresse;
  if (!a) return site.itinerant ? 'Itinérant, sans adresse fixe' : '—';
  return [[a.num_voie, a.voie].filter(Boolean).join(' '), a.cplt, `${a.cp} ${a.commune}`].filter(Boolean).join(', ');
};
const hoursText = (site: HaaSite) =>
  site.horaire_ouverture.length === 0
    ? '—'
    : site.horaire_ouverture.map((d) => `${HAA_DAY_LABELS[d.jour]} ${d.plages.map((p) => `${p.debut}–${p.fin}`).join(', ')}`).join(' ; ');

interface HaaSitesTableProps {
  sites: HaaSite[] | undefined;
  loading: boolean;
  /** The list could not be read: shown empty (whoever reads it says why). */
  failed: boolean;
  /** Each row's actions (the modal's « Modifier » and « Supprimer »); none: the table is read only. */
  actions?: ((site: HaaSite) => ReactNode) | undefined;
}

/**
 * The sites' table: who runs each site, its activity, address, hours and closing periods, with each
 * row's actions when given. Read only, it is also what an approval's instructing service sees.
 */
export function HaaSitesTable({ sites, loading, failed, actions }: HaaSitesTableProps) {
  if (loading) return <p>Chargement des sites…</p>;
  // §8: a list that cannot be read is shown empty.
  const rows = failed ? [] : (sites ?? []);
  if (rows.length === 0) return <p>Aucun site d’aide alimentaire n’est déclaré.</p>;
  return (
    <DataTable
      caption={HAA_SITES_CAPTION}
      noCaption
      multiline
      rowHeaders
      headers={['Tenu par', 'Activité', 'Adresse', 'Horaires', 'Fermetures', ...(actions ? ['Actions'] : [])]}
      data={rows.map((site) => [
        site.membre_nom ?? '—',
        HAA_ACTIVITY_LABELS[site.nature_activite],
        addressText(site),
        hoursText(site),
        site.periode_fermeture.map((p) => `du ${formatIsoDay(p.debut)} au ${formatIsoDay(p.fin)}`).join(' ; ') || '—',
        ...(actions ? [actions(site)] : []),
      ])}
    />
  );
}

interface SiteListProps {
  idAsso: string;
  sites: HaaSite[] | undefined;
  loading: boolean;
  failed: boolean;
  readOnly: boolean;
  onAdd: () => void;
  onEdit: (site: HaaSite) => void;
}

function SiteList({ idAsso, sites, loading, failed, readOnly, onAdd, onEdit }: SiteListProps) {
  const queryClient = useQueryClient();
  /** Removes a site (its address stays on the file), once confirmed. */
  async function remove(site: HaaSite) {
    try {
      toast.success((await callApi(api.haa.deleteHaaSite, { query: { id_asso: idAsso, id: site.id } })).message);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    } finally {
      await queryClient.invalidateQueries({ queryKey: haaKeys.sites(idAsso) });
    }
  }
  if (loading) return <p>Chargement des sites…</p>;
  return (
    <>
      <HaaSitesTable
        sites={sites}
        loading={loading}
        failed={failed}
        actions={
          readOnly
            ? undefined
            : (site) => (
                <ul key="actions" className={fr.cx('fr-btns-group', 'fr-btns-group--sm', 'fr-btns-group--inline-lg')}>
                  <li>
                    <Button type="button" size="small" priority="secondary" onClick={() => onEdit(site)} nativeButtonProps={{ 'aria-label': `Modifier le site tenu par ${site.membre_nom ?? 'inconnu'} (${addressText(site)})` }}>
                      Modifier
                    </Button>
                  </li>
                  <li>
                    <ConfirmAction
                      label="Supprimer"
                      ariaLabel={`Supprimer le site tenu par ${site.membre_nom ?? 'inconnu'} (${addressText(site)})`}
                      question="Supprimer ce site d’aide alimentaire ?"
                      confirmLabel="Supprimer le site"
                      onConfirm={() => remove(site)}
                    />
                  </li>
                </ul>
              )
        }
      />
      {!readOnly && (
        <Button type="button" iconId="fr-icon-add-line" onClick={onAdd}>
          Ajouter un site
        </Button>
      )}
    </>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={fr.cx('fr-error-text')}>
      {message}
    </p>
  ) : null;
}

function Input({ id, label, value, onChange, error, type = 'text', hint }: { id: string; label: ReactNode; value: string; onChange: (v: string) => void; error?: string | undefined; type?: string; hint?: string }) {
  return (
    <div className={fr.cx('fr-input-group', error ? 'fr-input-group--error' : null)}>
      <label className={fr.cx('fr-label')} htmlFor={id}>
        {label}
        {hint && <span className={fr.cx('fr-hint-text')}>{hint}</span>}
      </label>
      <input
        id={id}
        className={fr.cx('fr-input', error ? 'fr-input--error' : null)}
        type={type}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erreur` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-erreur`} message={error} />
    </div>
  );
}

function SiteForm({ idAsso, site, onDone }: { idAsso: string; site: HaaSite | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SiteDraft>(() => (site ? draftOf(site) : emptyDraft()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const membres = useQuery({
    queryKey: haaKeys.membres(idAsso),
    queryFn: () => callApi(api.haa.getHaaMembres, { query: { id_asso: idAsso } }),
    retry: false,
  });
  const set = (change: Partial<SiteDraft>) => setDraft((d) => ({ ...d, ...change }));
  const setAddress = (change: Partial<SiteDraft['adresse']>) => setDraft((d) => ({ ...d, adresse: { ...d.adresse, ...change } }));
  const setDay = (jour: HaaDay, ranges: SiteDraft['jours'][HaaDay]) =>
    setDraft((d) => {
      const jours = { ...d.jours };
      if (ranges) jours[jour] = ranges;
      else delete jours[jour];
      return { ...d, jours };
    });

  async function save() {
    const { errors: found, site: fields, adresse } = readDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(MESSAGES.invalidForm);
      return;
    }
    setBusy(true);
    try {
      if (!site) {
        if (adresse) await callApi(api.haa.postHaaSiteAdresse, { query: { id_asso: idAsso }, body: { site: fields, adresse } });
        else await callApi(api.haa.postHaaSite, { query: { id_asso: idAsso }, body: fields });
      } else {
        let adresseId: string | null = site.adresse_id;
        if (adresse && site.adresse_id) {
          await callApi(api.haa.patchHaaAdresse, { query: { id_asso: idAsso, id: site.adresse_id }, body: adresse });
        } else if (adresse) {
          adresseId = (await callApi(api.haa.postHaaAdresse, { query: { id_asso: idAsso }, body: adresse })).id;
        } else {
          adresseId = null;
        }
        await callApi(api.haa.patchHaaSite, { query: { id_asso: idAsso, id: site.id }, body: { ...fields, adresse_id: adresseId } });
      }
      toast.success(HAA_SITE_SAVED);
      await queryClient.invalidateQueries({ queryKey: haaKeys.sites(idAsso) });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields);
      toast.error(errorMessage(error, HAA_SITE_SAVE_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const options = draft.type_membre === 'etablissement'
    ? (membres.data?.etablissements ?? []).map((e) => ({ value: e.siret, label: e.libelle }))
    : (membres.data?.membres_reseau ?? []).map((m) => ({ value: m.id, label: m.nom }));
  const memberKey = draft.type_membre === 'etablissement' ? 'membre_siret_id' : 'membre_reseau_id';
  const errorCount = Object.keys(errors).length;

  return (
    <form
      noValidate
      aria-label={site ? 'Modifier le site' : 'Ajouter un site'}
      onSubmit={(event) => {
        event.preventDefault();
        // The page's form that opened the modal (the wizard's step) is not submitted with it.
        event.stopPropagation();
        void save();
      }}
    >
      <h2 className={fr.cx('fr-h4')}>{site ? 'Modifier le site' : 'Ajouter un site'}</h2>
      {errorCount > 0 && (
        <p role="alert" className={fr.cx('fr-error-text')}>
          {MESSAGES.invalidForm}
        </p>
      )}
      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Qui tient le site</legend>
        {(['etablissement', 'association'] as const).map((type) => (
          <div key={type} className={fr.cx('fr-fieldset__element')}>
            <div className={fr.cx('fr-radio-group')}>
              <input type="radio" id={`haa-type-${type}`} name="type_membre" checked={draft.type_membre === type} onChange={() => set({ type_membre: type })} />
              <label className={fr.cx('fr-label')} htmlFor={`haa-type-${type}`}>
                {HAA_MEMBER_TYPE_LABELS[type]}
              </label>
            </div>
          </div>
        ))}
      </fieldset>
      <div className={fr.cx('fr-select-group', errors[memberKey] ? 'fr-select-group--error' : null)}>
        <label className={fr.cx('fr-label')} htmlFor="haa-membre">
          {draft.type_membre === 'etablissement' ? 'Établissement qui tient le site' : 'Association membre du réseau qui tient le site'}
        </label>
        <select
          id="haa-membre"
          className={fr.cx('fr-select')}
          value={draft[memberKey]}
          aria-invalid={errors[memberKey] ? true : undefined}
          aria-describedby={errors[memberKey] ? 'haa-membre-erreur' : undefined}
          onChange={(event) => set({ [memberKey]: event.target.value })}
        >
          <option value="">{options.length === 0 && !membres.isPending ? 'Aucun choix possible' : 'Choisir'}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldError id="haa-membre-erreur" message={errors[memberKey]} />
      </div>
      <div className={fr.cx('fr-select-group')}>
        <label className={fr.cx('fr-label')} htmlFor="haa-nature">
          Nature de l’activité
        </label>
        <select id="haa-nature" className={fr.cx('fr-select')} value={draft.nature_activite} onChange={(event) => set({ nature_activite: event.target.value as SiteDraft['nature_activite'] })}>
          {HAA_ACTIVITY_NATURES.map((n) => (
            <option key={n} value={n}>
              {HAA_ACTIVITY_LABELS[n]}
            </option>
          ))}
        </select>
      </div>
      <div className={fr.cx('fr-checkbox-group', 'fr-mb-3w')}>
        <input type="checkbox" id="haa-itinerant" checked={draft.itinerant} onChange={(event) => set({ itinerant: event.target.checked })} aria-describedby="haa-itinerant-aide" />
        <label className={fr.cx('fr-label')} htmlFor="haa-itinerant">
          Site itinérant
          <span id="haa-itinerant-aide" className={fr.cx('fr-hint-text')}>
            Un site itinérant n’a pas d’adresse fixe : son adresse (point de départ) est facultative.
          </span>
        </label>
      </div>

      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Adresse du site{draft.itinerant ? ' (facultative)' : ''}</legend>
        <div className={fr.cx('fr-fieldset__element')}>
          <Input id="haa-num-voie" label="Numéro" value={draft.adresse.num_voie} onChange={(v) => setAddress({ num_voie: v })} error={errors['adresse.num_voie']} />
          <Input id="haa-voie" label="Voie" value={draft.adresse.voie} onChange={(v) => setAddress({ voie: v })} error={errors['adresse.voie']} />
          <Input id="haa-cplt" label="Complément d’adresse" value={draft.adresse.cplt} onChange={(v) => setAddress({ cplt: v })} error={errors['adresse.cplt']} />
          <CommuneCombobox
            id="haa-commune"
            label="Commune"
            required={!draft.itinerant}
            value={draft.adresse.commune}
            error={errors['adresse.commune']}
            onChange={(v) => setAddress({ commune: v, code_insee: '' })}
            onPick={(picked) => setAddress({ commune: picked.commune, cp: picked.cp, code_insee: picked.code_insee })}
          />
          <Input id="haa-cp" label="Code postal" value={draft.adresse.cp} onChange={(v) => setAddress({ cp: v })} error={errors['adresse.cp']} />
        </div>
      </fieldset>

      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Horaires d’ouverture</legend>
        {HAA_DAYS.map((jour) => {
          const ranges = draft.jours[jour];
          const dayIndex = readDraft(draft).site.horaire_ouverture?.findIndex((d) => d.jour === jour) ?? -1;
          return (
            <div key={jour} className={fr.cx('fr-fieldset__element')}>
              <div className={fr.cx('fr-checkbox-group')}>
                <input type="checkbox" id={`haa-jour-${jour}`} checked={Boolean(ranges)} onChange={(event) => setDay(jour, event.target.checked ? [{ debut: '09:00', fin: '12:00' }] : undefined)} />
                <label className={fr.cx('fr-label')} htmlFor={`haa-jour-${jour}`}>
                  Ouvert le {jour}
                </label>
              </div>
              {ranges?.map((range, i) => (
                <div key={i} className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')} role="group" aria-label={`${HAA_DAY_LABELS[jour]}, plage ${i + 1}`}>
                  <div className={fr.cx('fr-col-5')}>
                    <Input id={`haa-${jour}-${i}-debut`} type="time" label={`Début (${jour}, plage ${i + 1})`} value={range.debut} onChange={(v) => setDay(jour, ranges.map((r, j) => (j === i ? { ...r, debut: v } : r)))} error={errors[`horaire_ouverture.${dayIndex}.plages.${i}.debut`] ?? errors[`horaire_ouverture.${dayIndex}.plages.${i}`]} />
                  </div>
                  <div className={fr.cx('fr-col-5')}>
                    <Input id={`haa-${jour}-${i}-fin`} type="time" label={`Fin (${jour}, plage ${i + 1})`} value={range.fin} onChange={(v) => setDay(jour, ranges.map((r, j) => (j === i ? { ...r, fin: v } : r)))} error={errors[`horaire_ouverture.${dayIndex}.plages.${i}.fin`]} />
                  </div>
                  <div className={fr.cx('fr-col-2')}>
                    <Button type="button" size="small" priority="tertiary" onClick={() => setDay(jour, ranges.length > 1 ? ranges.filter((_, j) => j !== i) : undefined)} nativeButtonProps={{ 'aria-label': `Retirer la plage ${i + 1} du ${jour}` }}>
                      Retirer
                    </Button>
                  </div>
                </div>
              ))}
              {ranges && ranges.length < HAA_LIMITS.rangesPerDay && (
                <Button type="button" size="small" priority="secondary" onClick={() => setDay(jour, [...ranges, { debut: '14:00', fin: '17:00' }])} nativeButtonProps={{ 'aria-label': `Ajouter une plage le ${jour}` }}>
                  Ajouter une plage
                </Button>
              )}
            </div>
          );
        })}
      </fieldset>

      <fieldset className={fr.cx('fr-fieldset')}>
        <legend className={fr.cx('fr-fieldset__legend')}>Périodes de fermeture</legend>
        {draft.periodes.map((p, i) => (
          <div key={i} className={fr.cx('fr-fieldset__element')} role="group" aria-label={`Période de fermeture ${i + 1}`}>
            <Input id={`haa-periode-${i}-debut`} type="date" label={`Du (période ${i + 1})`} value={p.debut} onChange={(v) => set({ periodes: draft.periodes.map((q, j) => (j === i ? { ...q, debut: v } : q)) })} error={errors[`periode_fermeture.${i}.debut`]} />
            <Input id={`haa-periode-${i}-fin`} type="date" label={`Au (période ${i + 1})`} value={p.fin} onChange={(v) => set({ periodes: draft.periodes.map((q, j) => (j === i ? { ...q, fin: v } : q)) })} error={errors[`periode_fermeture.${i}.fin`]} />
            <Input id={`haa-periode-${i}-motif`} label={`Motif (période ${i + 1}, facultatif)`} value={p.motif} onChange={(v) => set({ periodes: draft.periodes.map((q, j) => (j === i ? { ...q, motif: v } : q)) })} error={errors[`periode_fermeture.${i}.motif`]} />
            <Button type="button" size="small" priority="tertiary" onClick={() => set({ periodes: draft.periodes.filter((_, j) => j !== i) })} nativeButtonProps={{ 'aria-label': `Retirer la période de fermeture ${i + 1}` }}>
              Retirer
            </Button>
          </div>
        ))}
        {draft.periodes.length < HAA_LIMITS.closingPeriods && (
          <Button type="button" size="small" priority="secondary" onClick={() => set({ periodes: [...draft.periodes, { debut: '', fin: '', motif: '' }] })}>
            Ajouter une période de fermeture
          </Button>
        )}
      </fieldset>

      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-3w')}>
        <li>
          <Button type="submit" disabled={busy}>
            Enregistrer le site
          </Button>
        </li>
        <li>
          <Button type="button" priority="secondary" disabled={busy} onClick={onDone}>
            Annuler
          </Button>
        </li>
      </ul>
    </form>
  );
}
