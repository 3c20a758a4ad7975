-- A company's own users (issue 42) act only while their company is active: the session check reads
-- the company's active flag with the user (modules/auth/auth.repository.ts), and each instance
-- remembers that row (decision 013). Making a company inactive (or active again) announces each of
-- its users on the session channel, so every instance reads them afresh at once.
CREATE OR REPLACE FUNCTION notify_company_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_user_changed', cu.user_id::text) FROM company_users cu WHERE cu.company_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_session_users_changed
  AFTER UPDATE OF active ON companies
  FOR EACH ROW WHEN (OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION notify_company_users_changed();
