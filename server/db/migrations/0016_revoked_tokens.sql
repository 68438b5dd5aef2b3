-- issue 32: "log out everywhere" gives each of the person's applications a new token; the old ones' hashes
-- stay until they would have expired, so a browser still holding one is told to log in again instead of
-- being told its application is gone. Erasing the application erases them with it
CREATE TABLE revoked_tokens (
  token_hash text PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_application ON revoked_tokens (application_id);
