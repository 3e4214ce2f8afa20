// The work list's exports (CSV and XLSX of the filtered list), streamed by the server and read here
// as a stream: the screen says how much came (rows for the CSV, bytes for the XLSX) against the
// rows the server announced (X-Total-Count), then the browser saves the file.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES, routeUrl, worklistRoutes, type WorklistFilters } from '@portail/contract';
import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { fetchWithToken, readWithProgress, saveBlob, type DownloadProgress } from '../../lib/api/download.ts';
import { toQueryString } from '../../lib/api/query-string.ts';
import { toast } from '../../lib/toast/toast-store.ts';

type Format = 'csv' | 'xlsx';

/** What the progress says: rows for a CSV (its header line left out), bytes otherwise, against the announced rows. */
export function progressText(format: Format, p: DownloadProgress): string {
  const size = p.bytes < 1024 * 1024 ? `${Math.round(p.bytes / 1024).toLocaleString('fr-FR')} Ko` : `${(p.bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
  if (format === 'csv') {
    const rows = Math.max(0, p.lines - 1);
    return p.totalRows === null ? `${rows.toLocaleString('fr-FR')} lignes reçues (${size})` : `${rows.toLocaleString('fr-FR')} lignes reçues sur ${p.totalRows.toLocaleString('fr-FR')} (${size})`;
  }
  return p.totalRows === null ? `${size} reçus` : `${size} reçus pour ${p.totalRows.toLocaleString('fr-FR')} lignes`;
}

export function WorklistExport({ filters, sort }: { filters: WorklistFilters; sort: { sort: string; order: string } }) {
  const [progress, setProgress] = useState<{ format: Format; value: DownloadProgress; done: boolean } | null>(null);
  const busy = progress !== null && !progress.done;

  async function download(format: Format) {
    const route = format === 'csv' ? worklistRoutes.exportWorklistCsv : worklistRoutes.exportWorklistXlsx;
    const url = `${routeUrl(route)}${toQueryString({ ...filters, ...sort })}`;
    setProgress({ format, value: { bytes: 0, lines: 0, totalRows: null }, done: false });
    try {
      const response = await fetchWithToken(url, () => callApi(worklistRoutes.countWorklist, { query: filters }));
      const blob = await readWithProgress(response, (value) => setProgress({ format, value, done: false }));
      saveBlob(blob, `dossiers-${new Date().toISOString().slice(0, 10)}.${format}`);
      setProgress((p) => (p ? { ...p, done: true } : p));
    } catch (error) {
      setProgress(null);
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
  }

  const percent = progress && progress.format === 'csv' && progress.value.totalRows ? Math.min(100, Math.round((Math.max(0, progress.value.lines - 1) / progress.value.totalRows) * 100)) : null;
  return (
    <section aria-labelledby="worklist-exports" className={fr.cx('fr-mt-4w')}>
      <h2 id="worklist-exports" className={fr.cx('fr-h5')}>
        Exporter la liste filtrée
      </h2>
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm')}>
        <li>
          <Button priority="secondary" disabled={busy} onClick={() => void download('csv')}>
            Exporter en CSV
          </Button>
        </li>
        <li>
          <Button priority="secondary" disabled={busy} onClick={() => void download('xlsx')}>
            Exporter en XLSX
          </Button>
        </li>
      </ul>
      <div role="status" aria-live="polite" data-testid="export-progress">
        {progress && (
          <p>
            {progress.done ? 'Export terminé : ' : `Export ${progress.format.toUpperCase()} en cours : `}
            {progressText(progress.format, progress.value)}
          </p>
        )}
      </div>
      {progress && !progress.done && (
        <progress className="lca-progress" max={100} {...(percent === null ? {} : { value: percent })} aria-label={`Progression de l’export ${progress.format.toUpperCase()}`} />
      )}
    </section>
  );
}
