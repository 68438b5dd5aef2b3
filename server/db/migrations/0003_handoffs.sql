-- One-time handoffs of an application from a publisher's widget to the site, which has another
-- storage partition and so does not know the token. Only the code's SHA-256 is stored, never the
-- code; a code opens its application once (used_at), and only for a short while (expires_at).
CREATE TABLE application_handoffs (
  code_hash text PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX application_handoffs_application ON application_handoffs (application_id);

CREATE INDEX application_handoffs_expires_at ON application_handoffs (expires_at);
