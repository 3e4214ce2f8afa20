// What other features use from authentication: the password change form (the profile page).
export { ChangePasswordForm } from './change-password-form.tsx';
