// Demo data for an empty database (never in production): one account per role of docs/domain.md « Droits », an
// unvalidated user, a user who must change password, a locked service, and a note on the home page.
import type { Role } from '@portail/contract';
import type { Database } from '../db/prisma.ts';
import { createAuthRepository, hashPassword, type NewAccount } from '../modules/auth/index.ts';
import { seedDemoApprovals } from './demo-approvals.ts';
import { seedDemoSubsidies } from './demo-subsidies.ts';

export const DEMO_PASSWORD = 'Demo-Portail-2026!';

export interface DemoAccount {
  email: string;
  role: Role;
  label: string;
  prenom: string;
  nom: string;
  enabled?: boolean;
  mustChangePassword?: boolean;
  service?: NewAccount['service'];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'association@demo.example.org', role: 'lca.association', label: 'Membre d’association', prenom: 'Camille', nom: 'Martin' },
  { email: 'admin.lca@demo.example.org', role: 'lca.admin', label: 'Administrateur du compte association', prenom: 'Alice', nom: 'Bernard' },
  {
    email: 'instructeur@demo.example.org', role: 'rds.user', label: 'Instructeur', prenom: 'Karim', nom: 'Dubois',
    service: { nom: 'SDJES de Paris', email: 'sdjes75@demo.example.org', type: 'departement' },
  },
  {
    email: 'service@demo.example.org', role: 'rds.service', label: 'Service instructeur', prenom: 'Sophie', nom: 'Laurent',
    service: { nom: 'DRAJES Île-de-France', email: 'drajes-idf@demo.example.org', type: 'region' },
  },
  { email: 'admin.rds@demo.example.org', role: 'rds.admin', label: 'Administrateur des dispositifs', prenom: 'Nadia', nom: 'Moreau' },
  { email: 'appli.rds@demo.example.org', role: 'rds.appli_admin', label: "Administrateur de l'application", prenom: 'Paul', nom: 'Lefèvre' },
  { email: 'appli.osiris@demo.example.org', role: 'osiris.appli_admin', label: "Administrateur de l'application Osiris", prenom: 'Inès', nom: 'Garcia' },
  { email: 'programme.osiris@demo.example.org', role: 'osiris.admin-programme', label: 'Administrateur de programme Osiris', prenom: 'Hugo', nom: 'Roux' },
  { email: 'non.valide@demo.example.org', role: 'lca.association', label: 'Compte non validé', prenom: 'Léa', nom: 'Fournier', enabled: false },
  { email: 'changer.mdp@demo.example.org', role: 'lca.association', label: 'Doit changer son mot de passe', prenom: 'Louis', nom: 'Girard', mustChangePassword: true },
  {
    email: 'service.verrouille@demo.example.org', role: 'rds.service', label: 'Service verrouillé', prenom: 'Jean', nom: 'Morel',
    service: { nom: 'Service verrouillé (démo)', email: null, type: 'departement', locked: true },
  },
];

/** Seeds when the database holds no user; returns whether it did. */
export async function seedDemoData(db: Database): Promise<boolean> {
  if ((await db.user.count()) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const repository = createAuthRepository(db);
  for (const account of DEMO_ACCOUNTS) {
    await repository.createAccount({
      email: account.email,
      passwordHash,
      civilite: 'Mme',
      nom: account.nom,
      prenom: account.prenom,
      origin: 'lca',
      roles: [account.role],
      enabled: account.enabled ?? true,
      mustChangePassword: account.mustChangePassword ?? false,
      ...(account.service ? { service: account.service } : {}),
    });
  }
  await seedDemoSubsidies(db);
  await seedDemoApprovals(db);
  await db.noteOnPage.create({
    data: {
      type: 'info',
      title: 'Portail de démonstration',
      content: '<p>Ce portail tourne sur des <strong>données de démonstration</strong>. Les comptes de test sont listés dans le README.</p>',
      routes: ['home', 'login'],
    },
  });
  return true;
}

/** The member of the demo subsidy dossiers (seeded by demo-dossiers.ts once the registry exists). */
export const DEMO_DOSSIERS_MEMBER = 'membre.subventions@demo.example.org';
/** The demo CEC validator (seeded by demo-cec.ts once the registry exists). */
export const DEMO_CEC_VALIDATOR = 'valideur.cec@demo.example.org';

export function demoAccountsTable(): string {
  const rows = [
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(40)} ${a.role.padEnd(24)} ${a.label}`),
    `  ${DEMO_DOSSIERS_MEMBER.padEnd(40)} ${'lca.association'.padEnd(24)} membre d'une association avec quatre dossiers de subvention`,
    `  ${DEMO_CEC_VALIDATOR.padEnd(40)} ${'lca.association'.padEnd(24)} valideur CEC des Amis du théâtre de démonstration (/declarations)`,
  ];
  return [`Comptes de démonstration (mot de passe : ${DEMO_PASSWORD}) :`, ...rows].join('\n');
}
