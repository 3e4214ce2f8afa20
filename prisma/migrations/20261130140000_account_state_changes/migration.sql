-- Every change to what the entry checks read on each call (apps/server/src/http/request-context.ts:
-- the account's validation, password to change and session version, its service's lock, its roles,
-- the live tokens of its sessions) is announced by the database itself, whoever writes (a route of
-- any module, a script, psql): each instance keeps these states in a cache
-- (http/account-state-cache.ts) and forgets a user's as soon as its announcement arrives.
--
-- Two announcements, each carrying the user's id and the writing transaction's id:
-- - NOTIFY on channel "account_state", delivered after the commit to every instance listening
--   (db/account-state-changes.ts);
-- - a NOTICE "account_state <user> <transaction>" sent at once to the connection that writes, before
--   its commit: the instance that writes stops using its cache for that user until the NOTIFY of
--   that transaction arrives, so its own next call never meets the state from before its write.
-- A TRUNCATE announces "*": every user.
CREATE FUNCTION "account_state_announce"(user_id TEXT) RETURNS VOID
    LANGUAGE plpgsql AS $$
DECLARE
  announcement TEXT := user_id || ' ' || pg_current_xact_id()::text;
BEGIN
  PERFORM pg_notify('account_state', announcement);
  RAISE NOTICE USING MESSAGE = 'account_state ' || announcement;
END
$$;

-- Row triggers: TG_ARGV[0] names the column holding the user's id (old and new rows, when they differ).
CREATE FUNCTION "account_state_changed"() RETURNS TRIGGER
    LANGUAGE plpgsql AS $$
DECLARE
  old_user TEXT := to_jsonb(OLD) ->> TG_ARGV[0];
  new_user TEXT := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  IF old_user IS NOT NULL THEN
    PERFORM account_state_announce(old_user);
  END IF;
  IF new_user IS NOT NULL AND new_user IS DISTINCT FROM old_user THEN
    PERFORM account_state_announce(new_user);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION "account_state_truncated"() RETURNS TRIGGER
    LANGUAGE plpgsql AS $$
BEGIN
  PERFORM account_state_announce('*');
  RETURN NULL;
END
$$;

-- users: validation, password to change, session version (password change or reset, sessions
-- ended by a manager), deletion. Other columns (names, last sign-in, pending address) say nothing.
CREATE TRIGGER "users_account_state" AFTER UPDATE ON "users" FOR EACH ROW
    WHEN (OLD."enabled" IS DISTINCT FROM NEW."enabled"
       OR OLD."must_change_password" IS DISTINCT FROM NEW."must_change_password"
       OR OLD."session_version" IS DISTINCT FROM NEW."session_version"
       OR OLD."id" IS DISTINCT FROM NEW."id")
    EXECUTE FUNCTION "account_state_changed"('id');
CREATE TRIGGER "users_account_state_delete" AFTER DELETE ON "users" FOR EACH ROW
    EXECUTE FUNCTION "account_state_changed"('id');

-- user_roles: any role given, taken away or changed.
CREATE TRIGGER "user_roles_account_state" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW
    EXECUTE FUNCTION "account_state_changed"('user_id');

-- service_accounts: the lock, and the service record itself (created, deleted, moved to an account).
CREATE TRIGGER "service_accounts_account_state" AFTER INSERT OR DELETE ON "service_accounts" FOR EACH ROW
    EXECUTE FUNCTION "account_state_changed"('auth_id');
CREATE TRIGGER "service_accounts_account_state_update" AFTER UPDATE ON "service_accounts" FOR EACH ROW
    WHEN (OLD."locked" IS DISTINCT FROM NEW."locked" OR OLD."auth_id" IS DISTINCT FROM NEW."auth_id")
    EXECUTE FUNCTION "account_state_changed"('auth_id');

-- refresh_tokens: a session is over when its family has no live token left (logout, reuse of a
-- rotated token, password change, sessions ended by a manager). A new token (sign-in, rotation), a
-- revocation, or the deletion of a live token changes that; marking a token used does not.
CREATE TRIGGER "refresh_tokens_account_state" AFTER INSERT ON "refresh_tokens" FOR EACH ROW
    EXECUTE FUNCTION "account_state_changed"('user_id');
CREATE TRIGGER "refresh_tokens_account_state_update" AFTER UPDATE ON "refresh_tokens" FOR EACH ROW
    WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at"
       OR OLD."family_id" IS DISTINCT FROM NEW."family_id"
       OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
    EXECUTE FUNCTION "account_state_changed"('user_id');
CREATE TRIGGER "refresh_tokens_account_state_delete" AFTER DELETE ON "refresh_tokens" FOR EACH ROW
    WHEN (OLD."revoked_at" IS NULL)
    EXECUTE FUNCTION "account_state_changed"('user_id');

CREATE TRIGGER "users_account_state_truncate" AFTER TRUNCATE ON "users"
    FOR EACH STATEMENT EXECUTE FUNCTION "account_state_truncated"();
CREATE TRIGGER "user_roles_account_state_truncate" AFTER TRUNCATE ON "user_roles"
    FOR EACH STATEMENT EXECUTE FUNCTION "account_state_truncated"();
CREATE TRIGGER "service_accounts_account_state_truncate" AFTER TRUNCATE ON "service_accounts"
    FOR EACH STATEMENT EXECUTE FUNCTION "account_state_truncated"();
CREATE TRIGGER "refresh_tokens_account_state_truncate" AFTER TRUNCATE ON "refresh_tokens"
    FOR EACH STATEMENT EXECUTE FUNCTION "account_state_truncated"();
