// /declarations: the CEC declarations (docs/domain.md « Déclarations CEC ») of the caller's
// association, as its CEC validator: the current session's, validated one by one or several at
// once (checkboxes), refused one by one with a reason, and the history of the decisions. The server
// says which declarations the caller gets and which are validable; a member who is not a validator
// reads its refusal. The association shown first is one the user is CEC validator of (isValideurCEC
// of the session's links).
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Select } from '@codegouvfr/react-dsfr/Select';
import {
  CEC_REFUSED,
  CEC_VALIDATED,
  cecRoutes,
  formatSiret,
  MESSAGES,
  type CecDeclaration,
  type CecStatus,
} from '@portail/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage, isApiError } from '../../lib/api/index.ts';
import { formatIsoDay } from '../../lib/format/date.ts';
import { formatTimestamp } from '../../lib/format/timestamp.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { ScrollableTable } from '../../lib/ui/scrollable-table.tsx';
import { Page } from '../shell/index.ts';
import { RefusalForm } from './refusal-form.tsx';

const SEVERITY: Record<CecStatus, 'info' | 'success' | 'error' | 'new'> = {
  'En attente de décision': 'info',
  Validée: 'success',
  Refusée: 'error',
  'Non traitée': 'new',
};
const nameOf = (d: CecDeclaration) => `${d.benevole.prenom} ${d.benevole.nom}`;
/** A whole calendar year reads as its year; any other period as its two days. */
const period = (d: CecDeclaration) =>
  d.date_debut.endsWith('-01-01') &&
  d.date_fin.endsWith('-12-31') &&
  d.date_debut.slice(0, 4) === d.date_fin.slice(0, 4)
    ? `Année ${d.date_debut.slice(0, 4)}`
    : `${formatIsoDay(d.date_debut)} – ${formatIsoDay(d.date_fin)}`;
/** Long texts wrap in their cell, so the table fits the page when the screen allows it. */
const WRAP = { whiteSpace: 'normal', minWidth: '9rem' } as const;
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

function StatusBadge({ status }: { status: CecStatus }) {
  return (
    <Badge severity={SEVERITY[status] === 'new' ? undefined : SEVERITY[status]} small noIcon>
      {status}
    </Badge>
  );
}

export function DeclarationsPage() {
  const { user } = useSession();
  const associations = user?.associations ?? [];
  // First the association the user validates for (the session says which), else their first one.
  const [idAsso, setIdAsso] = useState((associations.find((a) => a.isValideurCEC) ?? associations[0])?.id_correspondance ?? '');
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: ['cec-session'],
    queryFn: () => callApi(cecRoutes.currentSession),
    retry: false,
  });
  const declarations = useQuery({
    queryKey: ['cec-declarations', idAsso],
    queryFn: () => callApi(cecRoutes.declarations, { query: { idAsso } }),
    enabled: idAsso !== '',
    retry: false,
  });
  const logs = useQuery({
    queryKey: ['cec-logs', idAsso],
    queryFn: () => callApi(cecRoutes.logs, { query: { idAsso } }),
    enabled: idAsso !== '' && declarations.isSuccess,
    retry: false,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [refusing, setRefusing] = useState<CecDeclaration | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const current = session.data?.session_id;
  const ofSession = (declarations.data ?? []).filter((d) => d.session === current);
  const validable = ofSession.filter((d) => d.options.validable);
  const chosen = validable.filter((d) => selected.includes(d._id));

  async function refresh() {
    setSelected([]);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['cec-declarations', idAsso] }),
      queryClient.invalidateQueries({ queryKey: ['cec-logs', idAsso] }),
    ]);
  }

  /** Validates each declaration in turn (one call each), then says how many were and which failed. */
  async function validate(list: CecDeclaration[]) {
    setBusy(true);
    setOutcome(null);
    const failures: string[] = [];
    let done = 0;
    for (const d of list) {
      try {
        await callApi(cecRoutes.updateStatus, { params: { id: d._id }, body: { status: CEC_VALIDATED } });
        done += 1;
      } catch (error) {
        failures.push(`${nameOf(d)} : ${errorMessage(error, MESSAGES.httpEmpty)}`);
      }
    }
    setBusy(false);
    setOutcome(
      failures.length === 0
        ? {
            severity: 'success',
            text:
              done === 1 ? `Déclaration de ${nameOf(list[0]!)} validée.` : `${plural(done, 'déclaration')} validées.`,
          }
        : {
            severity: 'error',
            text: [`${plural(done, 'déclaration')} validée${done > 1 ? 's' : ''}.`, ...failures].join(' '),
          },
    );
    await refresh();
  }

  async function refuse(d: CecDeclaration, reason: number) {
    setBusy(true);
    setOutcome(null);
    try {
      await callApi(cecRoutes.updateStatus, {
        params: { id: d._id },
        body: { status: CEC_REFUSED, motif_refus_id: reason },
      });
      setOutcome({ severity: 'success', text: `Déclaration de ${nameOf(d)} refusée.` });
      setRefusing(null);
    } catch (error) {
      setOutcome({ severity: 'error', text: errorMessage(error, MESSAGES.httpEmpty) });
    }
    setBusy(false);
    await refresh();
  }

  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const allChosen = validable.length > 0 && chosen.length === validable.length;

  return (
    <Page
      title="Déclarations CEC"
      lead="Les heures de bénévolat déclarées au compte d’engagement citoyen, que vous validez comme valideur CEC de votre association."
    >
      {associations.length > 1 && (
        <Select
          label="Association"
          nativeSelectProps={{
            value: idAsso,
            onChange: (event) => {
              setIdAsso(event.target.value);
              setSelected([]);
              setRefusing(null);
              setOutcome(null);
            },
          }}
        >
          {associations.map((a) => (
            <option key={a.id_correspondance} value={a.id_correspondance}>
              {a.nom}
            </option>
          ))}
        </Select>
      )}
      {associations.length === 0 && <p>Aucune association n’est rattachée à votre compte.</p>}
      {session.data && (
        <p>
          Session en cours : <strong>{session.data.libelle}</strong>, du {formatIsoDay(session.data.date_debut)} au{' '}
          {formatIsoDay(session.data.date_fin)}.
        </p>
      )}
      {session.error && <Alert severity="info" small description={errorMessage(session.error, MESSAGES.httpEmpty)} />}
      <div aria-live="polite" role="status">
        {outcome && (
          <Alert severity={outcome.severity} small description={outcome.text} className={fr.cx('fr-mb-2w')} />
        )}
      </div>
      {declarations.error && (
        <Alert
          severity={isApiError(declarations.error) && declarations.error.status === 403 ? 'info' : 'error'}
          small
          description={errorMessage(declarations.error, MESSAGES.httpEmpty)}
        />
      )}
      {declarations.isPending && idAsso !== '' && <p>Chargement des déclarations…</p>}
      {declarations.data && session.data && (
        <>
          {ofSession.length === 0 ? (
            <p className={fr.cx('fr-mt-3w')}>Aucune déclaration pour cette session.</p>
          ) : (
            <>
              <p className={fr.cx('fr-mt-3w')}>
                <Button disabled={busy || chosen.length === 0} onClick={() => void validate(chosen)}>
                  {`Valider la sélection (${chosen.length})`}
                </Button>
              </p>
              <ScrollableTable label="Tableau des déclarations de la session en cours">
                <table>
                  <caption>Déclarations de la session en cours ({ofSession.length})</caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <div className={fr.cx('fr-checkbox-group', 'fr-checkbox-group--sm')}>
                          <input
                            type="checkbox"
                            id="cec-select-all"
                            checked={allChosen}
                            disabled={validable.length === 0}
                            onChange={() => setSelected(allChosen ? [] : validable.map((d) => d._id))}
                          />
                          <label className={fr.cx('fr-label')} htmlFor="cec-select-all">
                            <span className={fr.cx('fr-sr-only')}>Sélectionner toutes les déclarations à décider</span>
                          </label>
                        </div>
                      </th>
                      <th scope="col">Bénévole</th>
                      <th scope="col">Établissement</th>
                      <th scope="col">Mission</th>
                      <th scope="col">Heures</th>
                      <th scope="col">Période</th>
                      <th scope="col">Décision</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ofSession.map((d) => (
                      <tr key={d._id}>
                        <td>
                          {d.options.validable && (
                            <div className={fr.cx('fr-checkbox-group', 'fr-checkbox-group--sm')}>
                              <input
                                type="checkbox"
                                id={`cec-select-${d._id}`}
                                checked={selected.includes(d._id)}
                                onChange={() => toggle(d._id)}
                              />
                              <label className={fr.cx('fr-label')} htmlFor={`cec-select-${d._id}`}>
                                <span className={fr.cx('fr-sr-only')}>Sélectionner la déclaration de {nameOf(d)}</span>
                              </label>
                            </div>
                          )}
                        </td>
                        <th scope="row">{nameOf(d)}</th>
                        <td>{formatSiret(d.etab_siret)}</td>
                        <td style={WRAP}>{d.mission?.libelle ?? '—'}</td>
                        <td>{d.heures} h</td>
                        <td>{period(d)}</td>
                        <td>
                          <StatusBadge status={d.status} />
                          {d.motif_refus && (
                            <p className={fr.cx('fr-text--xs', 'fr-mb-0')} style={WRAP}>
                              {d.motif_refus}
                            </p>
                          )}
                        </td>
                        <td>
                          {d.options.validable ? (
                            <span style={{ whiteSpace: 'nowrap' }}>
                              <Button
                                size="small"
                                className={fr.cx('fr-mr-1w')}
                                disabled={busy}
                                onClick={() => void validate([d])}
                                nativeButtonProps={{ 'aria-label': `Valider la déclaration de ${nameOf(d)}` }}
                              >
                                Valider
                              </Button>
                              <Button
                                size="small"
                                priority="secondary"
                                disabled={busy}
                                onClick={() => setRefusing(d)}
                                nativeButtonProps={{
                                  'aria-label': `Refuser la déclaration de ${nameOf(d)}`,
                                  'aria-expanded': refusing?._id === d._id,
                                }}
                              >
                                Refuser
                              </Button>
                            </span>
                          ) : (
                            '—'
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollableTable>
            </>
          )}
          {refusing && (
            <RefusalForm
              key={refusing._id}
              benevole={nameOf(refusing)}
              busy={busy}
              onCancel={() => setRefusing(null)}
              onRefuse={(reason) => void refuse(refusing, reason)}
            />
          )}
        </>
      )}
      {logs.data && (
        <>
          {logs.data.length === 0 ? (
            <p className={fr.cx('fr-mt-5w')}>Aucune décision pour le moment.</p>
          ) : (
            <DataTable
              className={fr.cx('fr-mt-5w')}
              caption={`Historique des décisions (${logs.data.length})`}
              multiline
              headers={['Date', 'Bénévole', 'Établissement', 'Session', 'Décision', 'Motif', 'Par']}
              data={logs.data.map((l) => [
                formatTimestamp(l.date),
                l.benevole,
                formatSiret(l.etab_siret),
                l.session,
                <StatusBadge key="s" status={l.status} />,
                l.motif_refus ?? '—',
                l.auteur ?? '—',
              ])}
            />
          )}
        </>
      )}
    </Page>
  );
}
