// Every structure's Pass'Sport dossiers, newest first, filtered by state, with the events the server
// says the caller may fire (processing, payment, refund, refusal: rds.admin's), each after a
// confirmation; the PDF of each dossier; « Afficher plus » reads the next page.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Badge } from '@codegouvfr/react-dsfr/Badge';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Select } from '@codegouvfr/react-dsfr/Select';
import { formatSiret, MESSAGES, PASS_SPORT_STATES, passSportMachine, passSportRoutes, type PspAdminDossier } from '@portail/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi, errorMessage } from '../../../lib/api/index.ts';
import { ConfirmAction } from '../../../lib/ui/confirm-action.tsx';
import { DataTable } from '../../../lib/ui/data-table.tsx';
import { useAdminAction } from './use-admin-action.tsx';
import { pspStateSeverity } from '../pass-sport-states.ts';

const PAGE = 50;
type Etat = PspAdminDossier['id_etat'];
const eventLabel = (event: string) => (passSportMachine.events as Record<string, { label: string }>)[event]?.label ?? event;

export function DossiersSection({ id }: { id: string }) {
  const [etat, setEtat] = useState<Etat | ''>('2');
  const { run, outcome } = useAdminAction(['psp-admin-dossiers']);
  const dossiers = useInfiniteQuery({
    queryKey: ['psp-admin-dossiers', etat],
    queryFn: ({ pageParam }) =>
      callApi(passSportRoutes.listPspAdminDossiers, {
        query: { ...(etat ? { etat } : {}), limit: String(PAGE), ...(pageParam ? { before: String(pageParam) } : {}) },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.length === PAGE ? last[last.length - 1]!.numero : undefined),
    retry: false,
  });
  const rows = dossiers.data?.pages.flat() ?? [];

  const fire = async (d: PspAdminDossier, event: string) => {
    await run(
      () => callApi(passSportRoutes.firePspDossierEvent, { params: { id: d.id }, body: { event } }),
      (moved) => `Dossier n° ${d.numero} (${d.structure.nom}) : ${moved.libelle_etat.toLowerCase()}.`,
    );
  };

  return (
    <section id={id} aria-labelledby={`${id}-titre`} className={fr.cx('fr-mb-6w')}>
      <h2 id={`${id}-titre`}>Dossiers et remboursements</h2>
      <p>
        Un dossier enregistré par une structure est pris en traitement, puis mis en paiement, puis son remboursement est constaté ; il peut
        être refusé tant qu'il n'est pas en paiement.
      </p>
      <Select
        label="État des dossiers"
        nativeSelectProps={{ value: etat, onChange: (e) => setEtat(e.target.value as Etat | '') }}
      >
        <option value="">Tous les états</option>
        {PASS_SPORT_STATES.map((s) => (
          <option key={s} value={s}>
            {passSportMachine.states[s].label}
          </option>
        ))}
      </Select>
      <div aria-live="polite" role="status">
        {outcome}
      </div>
      {dossiers.error && <Alert severity="error" small description={errorMessage(dossiers.error, MESSAGES.httpEmpty)} />}
      {dossiers.isPending && <p>Chargement des dossiers…</p>}
      {dossiers.data &&
        (rows.length === 0 ? (
          <p>Aucun dossier dans cet état.</p>
        ) : (
          <DataTable
            caption={`Dossiers Pass'Sport (${rows.length}${dossiers.hasNextPage ? ' et plus' : ''})`}
            rowHeaders
            headers={['Dossier', 'Structure', 'Association', 'Inscriptions', 'État', 'Actions']}
            data={rows.map((d) => [
              `n° ${d.numero}`,
              `${d.structure.nom} (${formatSiret(d.structure.id_siret)})`,
              d.association.nom,
              String(d.inscriptions),
              <Badge key="etat" severity={pspStateSeverity(d.id_etat)} small noIcon>
                {d.libelle_etat}
              </Badge>,
              d.options.events.length === 0 ? (
                '—'
              ) : (
                <span key="actions" style={{ display: 'inline-flex', gap: '0.5rem', flexWrap: 'wrap' }}>
                  {d.options.events.map((event) => (
                    <ConfirmAction
                      key={event}
                      label={eventLabel(event)}
                      ariaLabel={`${eventLabel(event)} : dossier n° ${d.numero}`}
                      question={`${eventLabel(event)} : dossier n° ${d.numero} de ${d.structure.nom} ?`}
                      confirmLabel={eventLabel(event)}
                      onConfirm={() => fire(d, event)}
                    />
                  ))}
                </span>
              ),
            ])}
          />
        ))}
      {dossiers.hasNextPage && (
        <Button priority="secondary" disabled={dossiers.isFetchingNextPage} onClick={() => void dossiers.fetchNextPage()}>
          Afficher plus de dossiers
        </Button>
      )}
    </section>
  );
}
