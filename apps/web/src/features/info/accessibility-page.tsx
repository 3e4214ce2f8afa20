// /accessibilite: the accessibility statement, on the RGAA 4.1 model (conformity, what was measured
// and how, non-accessible content, contact and recourse). RGAA: a site that has had no full audit
// declares itself « non conforme », whatever its automated results; the footer says the same.
import { fr } from '@codegouvfr/react-dsfr';
import { Link } from 'react-router-dom';
import { ASSISTANCE_EMAIL } from '@portail/contract';
import { Page } from '../shell/index.ts';

const STATEMENT_DATE = '27 novembre 2026';

export function AccessibilityPage() {
  return (
    <Page title="Déclaration d'accessibilité">
      <p>
        La direction de la jeunesse, de l'éducation populaire et de la vie associative (DJEPVA) s'engage à rendre
        ses sites internet, intranet, extranet et ses progiciels accessibles conformément à l'article 47 de la loi
        n° 2005-102 du 11 février 2005. Cette déclaration d'accessibilité s'applique au compte association.
      </p>

      <h2>État de conformité</h2>
      <p>
        Le compte association est <strong>non conforme</strong> avec le référentiel général d'amélioration de
        l'accessibilité (RGAA), version 4.1 : aucun audit de conformité complet n'a encore été réalisé, et le RGAA
        demande dans ce cas de déclarer le service non conforme.
      </p>

      <h2>Résultats des tests</h2>
      <p>En attendant l'audit, l'équipe vérifie elle-même, à chaque version du service :</p>
      <ul>
        <li>
          chaque écran des parcours testés (connexion, création de compte, dossier administratif, demandes de
          subvention, d'agrément et de numéro SIRET, instruction, déclarations du CEC, administration) avec
          l'outil de contrôle automatique axe-core, sur les règles des WCAG 2.1 de niveaux A et AA : une anomalie
          bloque la publication de la version ;
        </li>
        <li>
          la conduite des parcours principaux au clavier seul, le placement du focus à chaque changement de page
          et l'annonce du titre de la page ;
        </li>
        <li>le défilement au clavier des tableaux trop larges pour un écran de 320 pixels.</li>
      </ul>
      <p>
        Les contrôles automatiques ne couvrent qu'une partie des critères du RGAA : ils ne remplacent pas
        l'audit, qui donnera le taux de conformité.
      </p>

      <h2>Contenus non accessibles</h2>
      <h3>Non-conformités connues</h3>
      <ul>
        <li>
          Les documents PDF produits par le service (récapitulatifs des demandes, formulaire de demande de numéro
          SIRET) ne sont pas balisés pour les lecteurs d'écran ; les informations qu'ils reprennent se consultent à
          l'écran, dans la demande elle-même.
        </li>
      </ul>
      <h3>Dérogations pour charge disproportionnée</h3>
      <p>Aucune.</p>
      <h3>Contenus non soumis à l'obligation d'accessibilité</h3>
      <p>Les documents déposés par les associations (statuts, comptes, rapports) : ils restent de leur responsabilité.</p>

      <h2>Établissement de cette déclaration</h2>
      <p>Cette déclaration a été établie le {STATEMENT_DATE}.</p>
      <h3>Technologies utilisées</h3>
      <ul>
        <li>HTML5, CSS et JavaScript (React)</li>
        <li>Système de design de l'État (DSFR)</li>
      </ul>
      <h3>Environnement des tests</h3>
      <ul>
        <li>Chromium, à 1280 et à 320 pixels de large</li>
        <li>axe-core, à chaque écran des parcours automatisés</li>
        <li>Clavier seul</li>
      </ul>

      <h2>Retour d'information et contact</h2>
      <p>
        Si vous n'arrivez pas à accéder à un contenu ou à un service, vous pouvez nous le signaler : nous vous
        orienterons vers une alternative accessible ou vous transmettrons le contenu sous une autre forme.
      </p>
      <ul>
        <li>
          <Link to="/assistance/Accessibilité">Écrire à l'assistance</Link>
        </li>
        <li>
          Par courriel : <a href={`mailto:${ASSISTANCE_EMAIL}`}>{ASSISTANCE_EMAIL}</a>
        </li>
      </ul>

      <h2>Voies de recours</h2>
      <p>
        Si vous nous avez signalé un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à un
        service et que vous n'avez pas obtenu de réponse satisfaisante, vous pouvez :
      </p>
      <ul className={fr.cx('fr-mb-4w')}>
        <li>
          écrire un message au{' '}
          <a href="https://formulaire.defenseurdesdroits.fr/" target="_blank" rel="noreferrer" title="Défenseur des droits, formulaire de contact - nouvelle fenêtre">
            Défenseur des droits
          </a>
          ;
        </li>
        <li>
          contacter{' '}
          <a href="https://www.defenseurdesdroits.fr/carte-des-delegues" target="_blank" rel="noreferrer" title="Carte des délégués du Défenseur des droits - nouvelle fenêtre">
            le délégué du Défenseur des droits dans votre région
          </a>
          ;
        </li>
        <li>
          envoyer un courrier par la poste (gratuit, ne pas mettre de timbre) : Défenseur des droits, Libre réponse
          71120, 75342 Paris CEDEX 07.
        </li>
      </ul>
    </Page>
  );
}
