// /plan: the site map, built from the route table.
import { fr } from '@codegouvfr/react-dsfr';
import { Link } from 'react-router-dom';
import { ROUTE_TABLE } from '../../app/route-table.ts';
import { Page } from '../shell/index.ts';

/** Pages reachable without an identifier: optional parameters dropped, required ones excluded. */
export function siteMapEntries() {
  const seen = new Set<string>();
  const entries: { path: string; title: string; name: string }[] = [];
  for (const { path, meta } of ROUTE_TABLE) {
    const link = path.replace(/\/:[A-Za-z]+\?/g, '');
    if (link.includes(':') || seen.has(link) || link === '/home') continue;
    seen.add(link);
    entries.push({ path: link, title: meta.title, name: meta.name });
  }
  return entries;
}

export function SiteMapPage() {
  return (
    <Page title="Plan du site">
      <ul className={fr.cx('fr-mb-4w')}>
        {siteMapEntries().map((entry) => (
          <li key={entry.path}>
            <Link to={entry.path}>{entry.title}</Link> <span className={fr.cx('fr-text--xs')}>({entry.path})</span>
          </li>
        ))}
      </ul>
    </Page>
  );
}
