// /faq: frequently asked questions.
import { fr } from '@codegouvfr/react-dsfr';
import { Accordion } from '@codegouvfr/react-dsfr/Accordion';
import { PASSWORD_MIN_LENGTH, UPLOAD_MAX_MB } from '@portail/contract';
import { Link } from 'react-router-dom';
import { Page } from '../shell/index.ts';

const QUESTIONS: { question: string; answer: string }[] = [
  {
    question: 'Qui peut créer un compte association ?',
    answer:
      "Toute personne membre d'une association (dirigeant, salarié, bénévole habilité) peut créer un compte avec son adresse électronique, puis se rattacher à une ou plusieurs associations.",
  },
  {
    question: "Je n'ai pas reçu le courriel de validation.",
    answer:
      'Vérifiez vos courriers indésirables. Depuis la page « Validez votre adresse électronique », vous pouvez demander un nouvel envoi du courriel de validation.',
  },
  {
    question: "J'ai oublié mon mot de passe.",
    answer:
      'Sur la page de connexion, choisissez « Mot de passe oublié ? » et indiquez votre adresse électronique : vous recevrez un lien pour choisir un nouveau mot de passe.',
  },
  {
    question: 'Quelles règles pour le mot de passe ?',
    answer:
      `Au moins ${PASSWORD_MIN_LENGTH} caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial. Après plusieurs tentatives infructueuses, la connexion est suspendue quelques minutes.`,
  },
  {
    question: 'Comment rattacher mon compte à mon association ?',
    answer:
      "Après la connexion, recherchez votre association par son nom, son numéro RNA (W suivi de 9 caractères) ou son SIREN, choisissez l'établissement puis attestez sur l'honneur de votre fonction.",
  },
  {
    question: 'Quels documents puis-je déposer ?',
    answer: `Des fichiers PDF, JPG ou JPEG de ${UPLOAD_MAX_MB} Mo au plus.`,
  },
  {
    question: 'Comment suivre ma demande de subvention ?',
    answer:
      'La liste « Mes dossiers » indique l’état de chaque demande : en cours de saisie, transmise au service instructeur, en cours d’instruction, accordée, payée ou refusée.',
  },
];

export function FaqPage() {
  return (
    <Page title="Foire aux questions">
      <div className={fr.cx('fr-accordions-group', 'fr-mb-4w')}>
        {QUESTIONS.map(({ question, answer }) => (
          <Accordion key={question} label={question} titleAs="h2">
            <p>{answer}</p>
          </Accordion>
        ))}
      </div>
      <p>
        Vous ne trouvez pas la réponse ? <Link to="/assistance">Contactez l'assistance</Link>.
      </p>
    </Page>
  );
}
