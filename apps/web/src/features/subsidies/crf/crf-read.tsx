// A financial report on screen, read only: what the association declared (the subsidy used, the
// action realised or not), each project's financing lines granted against realised and its
// indicators, the budget planned against realised (tables and charts), the comments, and the
// documents. Shown to the association once transmitted, and to the instructing services.
import { fr } from '@codegouvfr/react-dsfr';
import type { CrfView } from '@portail/contract';
import type { ReactNode } from 'react';
import { formatEuros } from '../format.ts';
import { BudgetComparison } from './budget-comparison.tsx';
import { expectedCrfDocuments } from './crf-documents.ts';
import { ScrollableTable } from '../../../lib/ui/scrollable-table.tsx';

const yesNo = (value: boolean | null) => (value === null ? 'Non renseigné' : value ? 'Oui' : 'Non');
const text = (value: string | null | undefined) => (value && value.trim() ? value : 'Non renseigné');

interface CrfReadViewProps {
  crf: CrfView;
  serviceName: (id: string) => string;
  /** How a document opens (the services' download link); its name otherwise. */
  documentLink?: (document: CrfView['documents'][number]) => ReactNode;
  /** Level of the parts' headings (2 on the report's page, 3 inside the services' panel). */
  level?: 2 | 3;
}

export function CrfReadView({ crf, serviceName, documentLink, level = 2 }: CrfReadViewProps) {
  const H = level === 2 ? 'h2' : 'h3';
  const heading = fr.cx(level === 2 ? 'fr-h4' : 'fr-h5', 'fr-mt-4w');
  const labels = new Map(expectedCrfDocuments(crf.demandeur).map((d) => [d.code, d.label]));
  return (
    <div data-testid="crf-lecture">
      <H className={heading}>Description de l'action réalisée</H>
      <dl>
        <dt>Montant accordé pour l'exercice</dt>
        <dd>{formatEuros(crf.description.montant_accorde)}</dd>
        <dt>Montant de la subvention utilisé</dt>
        <dd>{formatEuros(crf.description.montant_realise)}</dd>
        <dt>L'action a été réalisée</dt>
        <dd>{yesNo(crf.isRealised)}</dd>
        <dt>L'action est reportée</dt>
        <dd>{yesNo(crf.isReported)}</dd>
        <dt>Ce qui a été fait</dt>
        <dd>{text(crf.description.commentaire)}</dd>
      </dl>
      <H className={heading}>Projets</H>
      {crf.projets.length === 0 ? (
        <p>Aucun projet.</p>
      ) : (
        crf.projets.map((p) => (
          <div key={p.id} className={fr.cx('fr-mb-3w')}>
            <p className={fr.cx('fr-text--bold', 'fr-mb-1w')}>
              Projet {p.rang_dossier} : {p.intitule ?? 'Sans intitulé'} – réalisé : {yesNo(p.isRealised)}
            </p>
            <FinancingTable projet={p} serviceName={serviceName} />
            {p.description.commentaire && <p>{p.description.commentaire}</p>}
            {p.evaluation.indicateurs.length > 0 && (
              <ScrollableTable label={`Indicateurs du projet ${p.rang_dossier}`} bordered>
                <table>
                  <caption>Indicateurs du projet {p.rang_dossier}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Indicateur</th>
                      <th scope="col">Prévu</th>
                      <th scope="col">Réalisé</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.evaluation.indicateurs.map((i) => (
                      <tr key={i.rang}>
                        <th scope="row">{i.intitule ?? `Indicateur ${i.rang}`}</th>
                        <td>{i.prevu_min === i.prevu_max ? (i.prevu_min ?? '—') : `${i.prevu_min ?? '—'} à ${i.prevu_max ?? '—'}`}</td>
                        <td>{i.realise ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollableTable>
            )}
          </div>
        ))
      )}
      <H className={heading}>Budget prévu et réalisé</H>
      <BudgetComparison exercice={crf.exercice} prevu={crf.budgetCrf.prevu} realise={crf.budgetCrf.realise} />
      <dl>
        <dt>Explication des écarts</dt>
        <dd>{text(crf.budgetCrf.commentaire_ecarts)}</dd>
        <dt>Évaluation de l'action</dt>
        <dd>{text(crf.evaluation.commentaire)}</dd>
      </dl>
      <H className={heading}>Documents</H>
      {crf.documents.length === 0 ? (
        <p>Aucun document joint.</p>
      ) : (
        <ul>
          {crf.documents.map((d) => (
            <li key={`${d.code}-${d.uuid}`}>
              {labels.get(d.code) ?? d.code}
              {d.annee_validite ? ` (${d.annee_validite})` : ''} : {documentLink ? documentLink(d) : (d.nom ?? d.uuid)}
            </li>
          ))}
        </ul>
      )}
      <p>Attestation sur l'honneur : {crf.attestation?.certifie ? 'signée' : 'non signée'}.</p>
    </div>
  );
}

/** A project's financing lines of the exercise: granted by each service beside realised. */
export function FinancingTable({ projet, serviceName, realised }: { projet: CrfView['projets'][number]; serviceName: (id: string) => string; realised?: (index: number) => ReactNode }) {
  if (projet.financements.length === 0) return <p>Aucune ligne de financement sur cet exercice.</p>;
  return (
    <ScrollableTable label={`Financements du projet ${projet.rang_dossier} : accordé et réalisé`} bordered>
      <table>
        <caption>Financements du projet {projet.rang_dossier} : accordé et réalisé</caption>
        <thead>
          <tr>
            <th scope="col">Service instructeur</th>
            <th scope="col">Année</th>
            <th scope="col">Montant accordé</th>
            <th scope="col">Montant réalisé</th>
          </tr>
        </thead>
        <tbody>
          {projet.financements.map((f, i) => (
            <tr key={`${f.annee}-${f.id_service_instructeur}`}>
              <th scope="row">{serviceName(f.id_service_instructeur)}</th>
              <td>{f.annee}</td>
              <td>{formatEuros(f.montant_accorde)}</td>
              <td>{realised ? realised(i) : formatEuros(f.montant_realise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollableTable>
  );
}
