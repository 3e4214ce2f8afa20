-- An instructing service's contact address (service_accounts.email: where dossier mails go, the
-- login address when null) given by a manager counts only once proven (docs/domain.md « Services
-- instructeurs »): it waits in "pending_email" until the link mailed to it is used. The link is a
-- one-time token of its own purpose, so that a contact link and a login link (VALIDATION) of the
-- same account never void each other. The new enum value is not used in this transaction.
ALTER TYPE "OneTimeTokenPurpose" ADD VALUE 'CONTACT_VALIDATION';

ALTER TABLE "service_accounts" ADD COLUMN "pending_email" TEXT;
