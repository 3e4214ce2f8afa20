// The read-only parts of the file: accounts summaries, staff figures, approvals, affiliations.
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Table } from '@codegouvfr/react-dsfr/Table';
import { fr } from '@codegouvfr/react-dsfr';
import { api, formatSiren, formatSiret, MESSAGES } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { formatEuros, formatIsoDay } from './format.ts';
import { adminKeys } from './use-administrative-data.ts';

type Part = 'comptes' | 'rhs' | 'agrements' | 'reseaux';

const TITLES: Record<Part, string> = {
  comptes: 'Comptes',
  rhs: 'Ressources humaines',
  agrements: 'Agréments',
  reseaux: 'Affiliations',
};

const num = (n: number | null) => (n === null ? '—' : n.toLocaleString('fr-FR'));

async function load(part: Part, idAsso: string): Promise<{ headers: string[]; rows: ReactNode[][] }> {
  const query = { id_asso: idAsso };
  switch (part) {
    case 'comptes': {
      const rows = await callApi(api.association.getComptes, { query });
      return {
        headers: ['Année', 'Charges', 'Produits', 'Résultat', 'Dons', 'Subventions'],
        rows: rows.map((c) => [
          c.annee,
          formatEuros(c.charges),
          formatEuros(c.produits),
          formatEuros(c.resultat),
          formatEuros(c.dons),
          formatEuros(c.subv),
        ]),
      };
    }
    case 'rhs': {
      const rows = await callApi(api.association.getRhs, { query });
      return {
        headers: [
          'Année',
          'Établissement',
          'Adhérents',
          'Dirigeants',
          'Bénévoles',
          'Salariés',
          'Salariés (ETPT)',
          'Volontaires',
        ],
        rows: rows.map((r) => [
          r.annee,
          formatSiret(r.id_siret),
          num(r.nb_adherents),
          num(r.nb_dirigeants),
          num(r.nb_benevoles),
          num(r.nb_salaries),
          num(r.nb_salaries_etpt),
          num(r.nb_volontaires),
        ]),
      };
    }
    case 'agrements': {
      const rows = await callApi(api.association.getAgrements, { query });
      return {
        headers: ['Type', 'Numéro', 'Niveau', 'Attributeur', 'Date d’attribution', 'Valable jusqu’au'],
        rows: rows.map((g) => [
          g.type,
          g.numero ?? '—',
          g.niveau ?? '—',
          g.attributeur ?? '—',
          formatIsoDay(g.date_attribution),
          formatIsoDay(g.date_validite),
        ]),
      };
    }
    case 'reseaux': {
      const rows = await callApi(api.association.getReseauxAffiliation, { query });
      return {
        headers: ['Nom', 'SIREN', 'Numéro d’affiliation', 'Licenciés', 'dont femmes', 'dont hommes'],
        rows: rows.map((n) => [
          n.nom,
          n.id_siren ? formatSiren(n.id_siren) : '—',
          n.numero ?? '—',
          num(n.nb_licencies),
          num(n.nb_licencies_f),
          num(n.nb_licencies_h),
        ]),
      };
    }
  }
}

export function ReadOnlyPart({ idAsso, part }: { idAsso: string; part: Part }) {
  const data = useQuery({
    queryKey: adminKeys.readOnly(idAsso, part),
    queryFn: () => load(part, idAsso),
    retry: false,
  });
  return (
    <section aria-labelledby={`partie-${part}`}>
      <h2 id={`partie-${part}`} className={fr.cx('fr-h4')}>
        {TITLES[part]}
      </h2>
      {data.isPending && <p>Chargement…</p>}
      {data.isError && (
        <Alert severity="error" small role="alert" description={errorMessage(data.error, MESSAGES.httpEmpty)} />
      )}
      {data.data &&
        (data.data.rows.length === 0 ? (
          <p>Aucune donnée n’est enregistrée.</p>
        ) : (
          <Table caption={TITLES[part]} headers={data.data.headers} data={data.data.rows} />
        ))}
    </section>
  );
}
