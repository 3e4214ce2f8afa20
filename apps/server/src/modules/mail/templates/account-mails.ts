// Texts of the account mails (French): address validation, password reset, e-mail change.
import { linkMail } from './html.ts';

export function validationMail(link: string) {
  return {
    subject: 'Validez votre adresse e-mail – Le compte association',
    ...linkMail(
      'Pour activer votre compte association, validez votre adresse e-mail en ouvrant ce lien :',
      link,
      "Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message.",
    ),
  };
}

export function passwordResetMail(link: string, validMinutes: number) {
  return {
    subject: 'Réinitialisation de votre mot de passe – Le compte association',
    ...linkMail(
      `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${validMinutes} minutes, une seule fois) :`,
      link,
      "Si vous n'avez pas demandé la réinitialisation de votre mot de passe, ignorez ce message : votre mot de passe reste inchangé.",
    ),
  };
}

/** To the new address of an e-mail change: it becomes the login only once this link is opened. */
export function emailChangeValidationMail(link: string) {
  return {
    subject: 'Confirmez votre nouvelle adresse e-mail – Le compte association',
    ...linkMail(
      'Pour que cette adresse devienne celle de votre compte association, ouvrez ce lien :',
      link,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : l'adresse de votre compte reste inchangée.",
    ),
  };
}

/** To the current address of an e-mail change, with a link to report a change its owner did not ask for. */
export function emailChangeNoticeMail(maskedNewEmail: string, reportLink: string) {
  return {
    subject: "Demande de changement d'adresse e-mail – Le compte association",
    ...linkMail(
      `Un changement de l'adresse e-mail de votre compte association vers ${maskedNewEmail} a été demandé. Votre adresse actuelle reste celle du compte tant que la nouvelle n'est pas confirmée.\nSi vous n'êtes pas à l'origine de cette demande, changez votre mot de passe et signalez-le à l'assistance :`,
      reportLink,
      'Si vous êtes bien à l’origine de cette demande, vous n’avez rien à faire.',
    ),
  };
}
