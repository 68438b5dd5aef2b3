-- issue 34: who saw or did what, when, on which application and why. Append-only: the triggers refuse every UPDATE,
-- DELETE and TRUNCATE, on PGlite as on PostgreSQL, whoever asks (only the table's owner can disable them, which
-- the hash chain then shows). Each record's hash covers the previous record's hash and its own canonical fields
-- (server/staff/audit-log.ts), so an altered, removed or inserted row breaks the chain from that record on.
CREATE TABLE audit_log (
  seq bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  -- null: the local administration (the staff CLI), not a member
  staff_id uuid REFERENCES staff_members (id),
  action text NOT NULL,
  application_id uuid,
  reason text,
  -- ids and counts only, never personal data
  details jsonb NOT NULL DEFAULT '{}',
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_staff ON audit_log (staff_id, at);
CREATE INDEX audit_log_application ON audit_log (application_id) WHERE application_id IS NOT NULL;

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP; END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- where the deployment gives the server a role of its own (kreditkompass_app), that role may only read and append
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM PUBLIC;
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'kreditkompass_app') THEN REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM kreditkompass_app; END IF; END $$;
