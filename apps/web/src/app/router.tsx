// The router: layouts, guarded routes from the route table, lazy pages, error and 404 pages.
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage, RouteErrorPage } from '../features/shell/error-page.tsx';
import { BASENAME } from './base-path.ts';
import { lazyPage } from './chunk-reload.ts';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { LoadingPage } from './layouts/loading-page.tsx';
import { LoginLayout } from './layouts/login-layout.tsx';
import { guardLoader } from './route-guard.ts';
import { ROUTE_TABLE, type PageKey, type RouteEntry } from './route-table.ts';

const PAGES: Record<PageKey, () => Promise<ComponentType>> = {
  home: () => import('../features/info/home-page.tsx').then((m) => m.HomePage),
  login: () => import('../features/auth/login-page.tsx').then((m) => m.LoginPage),
  proconnectCallback: () => import('../features/auth/proconnect-callback-page.tsx').then((m) => m.ProconnectCallbackPage),
  register: () => import('../features/auth/register-page.tsx').then((m) => m.RegisterPage),
  validation: () => import('../features/auth/validation-page.tsx').then((m) => m.ValidationPage),
  validate: () => import('../features/auth/validate-page.tsx').then((m) => m.ValidatePage),
  reportMember: () => import('../features/association-join/report-member-page.tsx').then((m) => m.ReportMemberPage),
  forgotPassword: () => import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  resetPassword: () => import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  changePassword: () => import('../features/auth/change-password-page.tsx').then((m) => m.ChangePasswordPage),
  dashboard: () => import('../features/account/dashboard-page.tsx').then((m) => m.DashboardPage),
  profile: () => import('../features/account/profile-page.tsx').then((m) => m.ProfilePage),
  faq: () => import('../features/info/faq-page.tsx').then((m) => m.FaqPage),
  legalNotice: () => import('../features/info/legal-notice-page.tsx').then((m) => m.LegalNoticePage),
  accessibility: () => import('../features/info/accessibility-page.tsx').then((m) => m.AccessibilityPage),
  siteMap: () => import('../features/info/site-map-page.tsx').then((m) => m.SiteMapPage),
  assistance: () => import('../features/info/assistance-page.tsx').then((m) => m.AssistancePage),
  adminLca: () => import('../features/admin/admin-lca-page.tsx').then((m) => m.AdminLcaPage),
  rdsAdmin: () => import('../features/rds-admin/rds-admin-page.tsx').then((m) => m.RdsAdminPage),
  referentielsAdmin: () => import('../features/referentiels-admin/referentiels-page.tsx').then((m) => m.ReferentielsPage),
  rdsCustomSettings: () => import('../features/rds-admin/custom-settings-page.tsx').then((m) => m.CustomSettingsPage),
  addAssociation: () =>
    import('../features/association-join/add-association-page.tsx').then((m) => m.AddAssociationPage),
  chooseAssociation: () =>
    import('../features/association-join/choose-association-page.tsx').then((m) => m.ChooseAssociationPage),
  chooseEstablishment: () =>
    import('../features/association-join/choose-establishment-page.tsx').then((m) => m.ChooseEstablishmentPage),
  certificate: () => import('../features/association-join/certificate-page.tsx').then((m) => m.CertificatePage),
  documents: () => import('../features/association-documents/documents-page.tsx').then((m) => m.DocumentsPage),
  administrativeInfo: () =>
    import('../features/administrative-info/administrative-info-page.tsx').then((m) => m.AdministrativeInfoPage),
  subsidyDirectory: () => import('../features/subsidies/directory-page.tsx').then((m) => m.DirectoryPage),
  dossiers: () => import('../features/subsidies/dossiers-page.tsx').then((m) => m.DossiersPage),
  subsidyCreation: () => import('../features/subsidies/creation-page.tsx').then((m) => m.CreationPage),
  subsidyDossier: () => import('../features/subsidies/dossier-page.tsx').then((m) => m.DossierPage),
  crf: () => import('../features/subsidies/crf/crf-page.tsx').then((m) => m.CrfPage),
  declarations: () => import('../features/declarations/declarations-page.tsx').then((m) => m.DeclarationsPage),
  passSport: () => import('../features/pass-sport/pass-sport-page.tsx').then((m) => m.PassSportPage),
  passSportAdmin: () => import('../features/pass-sport/admin/pass-sport-admin-page.tsx').then((m) => m.PassSportAdminPage),
  siretRequests: () => import('../features/siret-requests/siret-list-page.tsx').then((m) => m.SiretListPage),
  siretRequest: () => import('../features/siret-requests/siret-request-page.tsx').then((m) => m.SiretRequestPage),
  approvalDossiers: () => import('../features/approvals/approval-dossiers-page.tsx').then((m) => m.ApprovalDossiersPage),
  approvalCreation: () => import('../features/approvals/approval-creation-page.tsx').then((m) => m.ApprovalCreationPage),
  approvalDossier: () => import('../features/approvals/approval-dossier-page.tsx').then((m) => m.ApprovalDossierPage),
  approvalsAdmin: () => import('../features/approvals-admin/approvals-admin-page.tsx').then((m) => m.ApprovalsAdminPage),
  dossierReading: () => import('../features/instruction/dossier-page.tsx').then((m) => m.DossierReadingPage),
  instructorWorklist: () => import('../features/instruction/worklist-page.tsx').then((m) => m.InstructorWorklistPage),
  serviceWebhooks: () => import('../features/webhooks/webhooks-page.tsx').then((m) => m.WebhooksPage),
  osirisWorklist: () => import('../features/instruction/worklist-page.tsx').then((m) => m.OsirisWorklistPage),
  instructionDossier: () => import('../features/instruction/dossier-page.tsx').then((m) => m.InstructionDossierPage),
};

function toRouteObject(entry: RouteEntry): RouteObject {
  const base = { path: entry.path, handle: { meta: entry.meta }, loader: guardLoader(entry.meta) };
  return { ...base, lazy: lazyPage(PAGES[entry.page]) };
}

const NOT_FOUND_META = { name: 'not-found', title: 'Page non trouvée' };

export function buildRoutes(table: readonly RouteEntry[] = ROUTE_TABLE): RouteObject[] {
  const children = (layout: RouteEntry['layout']) =>
    table.filter((entry) => entry.layout === layout).map(toRouteObject);
  return [
    {
      element: <LoginLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <LoadingPage />,
      // A pathless child holds the error element so that errors render inside the layout.
      children: [{ errorElement: <RouteErrorPage />, children: children('login') }],
    },
    {
      element: <DefaultLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <LoadingPage />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            ...children('default'),
            { path: '*', element: <NotFoundPage />, handle: { meta: NOT_FOUND_META } },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: BASENAME || '/' });
}
