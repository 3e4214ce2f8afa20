// The auth module's public face: other modules, app.ts, services.ts and the demo data import from here only.
export { hashPassword } from './accounts/passwords.ts';
export type { Account, NewAccount } from './accounts/repository.ts';
export { createAuthRepository, type AuthRepository } from './repository.ts';
export { maskEmail, REPORT_EMAIL_CHANGE_PATH } from './addresses.ts';
export { createAuthService, type AuthService } from './service.ts';
export { createLoginThrottle, type LoginThrottle } from './throttle/login-throttle.ts';
export { authRoutes } from './routes.ts';
export { createFlowCookie } from './proconnect/flow-cookie.ts';
export { createProconnectProvider } from './proconnect/provider.ts';
export { createProconnectService, type ProconnectService } from './proconnect/service.ts';
export { proconnectRoutes } from './proconnect/routes.ts';
export { createServiceAccountRepository } from './services/repository.ts';
export { createServiceAddressProofs, SERVICE_CONTACT_AUDIT_ENTITY, type ServiceAddressProofs } from './services/address-proofs.ts';
export { createServiceAccountService, type ServiceAccountService } from './services/service.ts';
export { serviceAccountRoutes } from './services/routes.ts';
