// The instructing services the administrator reaches (GET /services, children included): the list,
// a new service (service-create-form.tsx), and one service's record with its place in the
// hierarchy (its parent and the services attached to it, each opened in turn), where it is hung
// under another parent or deleted (service-record-actions.tsx); the list is read again after each.
import { fr } from '@codegouvfr/react-dsfr';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { MESSAGES, rdsServiceRoutes } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApi, errorMessage } from '../../lib/api/index.ts';
import { focusElement } from '../../lib/focus/focus.ts';
import { DataTable } from '../../lib/ui/data-table.tsx';
import { niveauLabel as niveau } from './hierarchy.ts';
import { ServiceCreateForm } from './service-create-form.tsx';
import { ServiceRecordActions } from './service-record-actions.tsx';

export function ServicesPanel() {
  const services = useQuery({
    queryKey: ['rds-admin', 'services'],
    queryFn: () => callApi(rdsServiceRoutes.listServices, { query: {} }),
    retry: false,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const table = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (openId) heading.current?.focus();
  }, [openId]);

  if (services.error)
    return <Alert severity="error" small role="alert" description={errorMessage(services.error, MESSAGES.httpEmpty)} />;
  if (!services.data) return <p>Chargement des services instructeurs…</p>;
  const byId = new Map(services.data.map((s) => [s.id, s]));
  const open = openId ? byId.get(openId) : undefined;
  const nameOf = (id: string | null) => (id ? (byId.get(id)?.nom ?? 'Service hors de votre portée') : 'Aucun');

  const reread = async () => {
    await services.refetch();
  };

  return (
    <>
      <Button
        priority="secondary"
        iconId="fr-icon-add-line"
        className={fr.cx('fr-mb-2w')}
        onClick={() => setCreating((c) => !c)}
        nativeButtonProps={{ 'aria-expanded': creating }}
      >
        Créer un service
      </Button>
      {creating && (
        <ServiceCreateForm
          services={services.data}
          onCreated={(id) => {
            setCreating(false);
            void reread().then(() => setOpenId(id));
          }}
        />
      )}
      <div ref={table}>
        {services.data.length === 0 ? (
          <p>Aucun service instructeur.</p>
        ) : (
          <DataTable
            caption="Services instructeurs"
            noCaption
            rowHeaders
            headers={['Service', 'Niveau', 'Service parent', 'Services rattachés', 'Dispositifs', 'Fiche']}
            data={services.data.map((s) => [
              s.nom,
              niveau(s.niveau_territorial),
              nameOf(s.parent),
              String(s.children?.length ?? 0),
              s.dispositifs.join(', ') || 'Aucun',
              <Button key="open" size="small" priority="secondary" onClick={() => setOpenId(s.id)}>
                Voir la fiche<span className={fr.cx('fr-sr-only')}> de {s.nom}</span>
              </Button>,
            ])}
          />
        )}
      </div>
      {open && (
        <section aria-labelledby="service-fiche" className={fr.cx('fr-mt-3w', 'fr-mb-4w')}>
          <h3 id="service-fiche" ref={heading} tabIndex={-1} className={fr.cx('fr-h5')}>
            {open.nom}
          </h3>
          <dl>
            <dt className={fr.cx('fr-text--bold')}>Niveau territorial</dt>
            <dd>
              {niveau(open.niveau_territorial)}
              {open.zone_territoriale ? ` — ${open.zone_territoriale}` : ''}
            </dd>
            <dt className={fr.cx('fr-text--bold')}>Profil</dt>
            <dd>{open.profil ?? 'Service instructeur'}</dd>
            <dt className={fr.cx('fr-text--bold')}>Adresse de contact</dt>
            <dd>
              {open.email ?? 'L’adresse de connexion du service'}
              {open.pending_email ? ` (en attente de validation : ${open.pending_email})` : ''}
            </dd>
            <dt className={fr.cx('fr-text--bold')}>Dispositifs instruits</dt>
            <dd>{open.dispositifs.join(', ') || 'Aucun'}</dd>
            <dt className={fr.cx('fr-text--bold')}>Service parent</dt>
            <dd>
              {open.parent && byId.has(open.parent) ? (
                <Button size="small" priority="tertiary" onClick={() => setOpenId(open.parent)}>
                  {nameOf(open.parent)}
                </Button>
              ) : (
                nameOf(open.parent)
              )}
            </dd>
            <dt className={fr.cx('fr-text--bold')}>Services rattachés</dt>
            <dd>
              {(open.children ?? []).length === 0 ? (
                'Aucun'
              ) : (
                <ul>
                  {open.children!.map((child) => (
                    <li key={child.id}>
                      {byId.has(child.id) ? (
                        <Button size="small" priority="tertiary" onClick={() => setOpenId(child.id)}>
                          {child.nom}
                        </Button>
                      ) : (
                        child.nom
                      )}{' '}
                      ({niveau(child.niveau_territorial)})
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
          <ServiceRecordActions
            service={open}
            services={services.data}
            onChanged={reread}
            onDeleted={() => {
              setOpenId(null);
              // Its record and the button that opened the confirmation are gone: back to the list.
              const region = table.current?.querySelector<HTMLElement>('[role="region"]');
              if (region) focusElement(region);
            }}
          />
          <Button size="small" priority="tertiary" className={fr.cx('fr-mt-3w')} onClick={() => setOpenId(null)}>
            Fermer la fiche
          </Button>
        </section>
      )}
    </>
  );
}
