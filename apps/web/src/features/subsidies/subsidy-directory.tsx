// The directory of open subsidies (/repertoire-des-subventions): filters by scheme, exercise and
// text kept in the URL query (?dispositif=&exercice=&q=), each campaign with its sub-schemes and
// their filing dates, whether it takes dossiers today (« Campagne close », « Ouvre le … », from the
// server's view), and, while it does, a link to apply for it with the user's association.
import { fr } from '@codegouvfr/react-dsfr';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Input } from '@codegouvfr/react-dsfr/Input';
import { Select } from '@codegouvfr/react-dsfr/Select';
import type { SubventionView } from '@portail/contract';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDay } from './format.ts';

type DirectoryEntry = Pick<SubventionView, 'code' | 'label' | 'active' | 'campagne_exercice' | 'dispositif' | 'sous_dispositifs' | 'fenetre'>;

const normalise = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The entries matching the filters (text in the label, scheme code or label, sub-scheme labels). */
export function filterDirectory<T extends DirectoryEntry>(entries: readonly T[], filters: { dispositif: string; exercice: string; q: string }): T[] {
  const words = normalise(filters.q).split(/\s+/).filter(Boolean);
  return entries.filter((s) => {
    if (filters.dispositif && s.dispositif.code !== filters.dispositif) return false;
    if (filters.exercice && String(s.campagne_exercice) !== filters.exercice) return false;
    const haystack = normalise([s.label, s.code, s.dispositif.code, s.dispositif.label, ...s.sous_dispositifs.map((x) => x.label)].join(' '));
    return words.every((w) => haystack.includes(w));
  });
}

export function SubsidyDirectory({ subventions, applyPath }: { subventions: readonly DirectoryEntry[]; applyPath: ((code: string) => string) | null }) {
  const [params, setParams] = useSearchParams();
  const filters = { dispositif: params.get('dispositif') ?? '', exercice: params.get('exercice') ?? '', q: params.get('q') ?? '' };
  const set = (key: keyof typeof filters, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const dispositifs = [...new Map(subventions.map((s) => [s.dispositif.code, s.dispositif.label])).entries()].sort();
  const exercices = [...new Set(subventions.map((s) => s.campagne_exercice))].sort((a, b) => b - a);
  const shown = filterDirectory(subventions, filters);

  return (
    <>
      <form role="search" aria-label="Filtrer les subventions" className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')} onSubmit={(e) => e.preventDefault()}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
          <Select label="Dispositif" nativeSelectProps={{ id: 'filtre-dispositif', value: filters.dispositif, onChange: (e) => set('dispositif', e.target.value) }}>
            <option value="">Tous les dispositifs</option>
            {dispositifs.map(([code, label]) => (
              <option key={code} value={code}>
                {code} – {label}
              </option>
            ))}
          </Select>
        </div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
          <Select label="Exercice" nativeSelectProps={{ id: 'filtre-exercice', value: filters.exercice, onChange: (e) => set('exercice', e.target.value) }}>
            <option value="">Tous les exercices</option>
            {exercices.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </Select>
        </div>
        <div className={fr.cx('fr-col-12', 'fr-col-md-5')}>
          <Input label="Rechercher" nativeInputProps={{ id: 'filtre-texte', type: 'search', value: filters.q, onChange: (e) => set('q', e.target.value) }} />
        </div>
      </form>
      <p role="status" className={fr.cx('fr-mt-2w')}>
        {shown.length === 0 ? 'Aucune subvention ne correspond à ces critères.' : `${shown.length} subvention(s)`}
      </p>
      <ul className={fr.cx('fr-raw-list')}>
        {shown.map((s) => (
          <li key={s.code} className={fr.cx('fr-mb-3w')}>
            <section aria-labelledby={`subvention-${s.code}`} className={fr.cx('fr-p-3w')} style={{ border: '1px solid var(--border-default-grey)' }}>
              <h2 id={`subvention-${s.code}`} className={fr.cx('fr-h5', 'fr-mb-1w')}>
                {s.label}
              </h2>
              <p className={fr.cx('fr-mb-1w')}>
                <Badge small noIcon severity="info">
                  {s.dispositif.code}
                </Badge>{' '}
                {s.dispositif.label} – exercice {s.campagne_exercice}
                {s.dispositif.duree_pluriannuelle ? ` – pluriannuel possible (jusqu’à ${s.campagne_exercice + s.dispositif.duree_pluriannuelle})` : ''}
              </p>
              <p className={fr.cx('fr-mb-1w')}>
                <Badge small severity={s.fenetre.ouverte ? 'success' : s.fenetre.ouvre_le ? 'new' : 'warning'}>
                  {s.fenetre.libelle}
                </Badge>
              </p>
              {s.sous_dispositifs.length > 0 && (
                <ul>
                  {s.sous_dispositifs.map((x) => (
                    <li key={x.id}>
                      {x.label}
                      {(x.date_debut || x.date_fin) && ` : dépôt du ${formatDay(x.date_debut)} au ${formatDay(x.date_fin)}`}
                      {!x.fenetre.ouverte && ` (${x.fenetre.libelle})`}
                    </li>
                  ))}
                </ul>
              )}
              {applyPath && s.fenetre.ouverte && (
                <Link className={fr.cx('fr-btn', 'fr-btn--sm')} to={applyPath(s.code)}>
                  Déposer une demande<span className={fr.cx('fr-sr-only')}> pour {s.label}</span>
                </Link>
              )}
            </section>
          </li>
        ))}
      </ul>
    </>
  );
}
