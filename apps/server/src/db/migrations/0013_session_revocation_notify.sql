-- Logout revokes its refresh session, and the access tokens issued for it (their sid) must stop
-- working at once on every instance (decision 020). The session check reads a user's recently
-- revoked sessions with the user row that each instance remembers (decision 013): revoking a
-- session announces its user on the same channel, so every instance reads the user afresh.
CREATE TRIGGER refresh_sessions_session_user_changed
  AFTER UPDATE OF revoked_on ON refresh_sessions
  FOR EACH ROW WHEN (OLD.revoked_on IS NULL AND NEW.revoked_on IS NOT NULL)
  EXECUTE FUNCTION notify_session_user_changed();
