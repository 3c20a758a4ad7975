-- Each server instance remembers the users its api/ requests check (modules/auth/session-user-cache.ts)
-- and forgets one when PostgreSQL says it changed: any change to what that check reads (active,
-- session version, role, type, menu items, email, applicant record) notifies every instance.
-- A truncation sends '*' (forget everyone).
CREATE OR REPLACE FUNCTION notify_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('session_user_changed', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_user_changed', OLD.id::text);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('session_user_changed', OLD.user_id::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('session_user_changed', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_user_changed
  AFTER UPDATE OF active, session_version, role, user_type, menu_items, email OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_user_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_users_truncated
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_user_changed();
--> statement-breakpoint
CREATE TRIGGER applicants_session_user_changed
  AFTER INSERT OR UPDATE OF user_id OR DELETE ON applicants
  FOR EACH ROW EXECUTE FUNCTION notify_session_user_changed();
--> statement-breakpoint
CREATE TRIGGER applicants_session_users_truncated
  AFTER TRUNCATE ON applicants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_user_changed();
