-- issue 34: the staff's back office. Staff log in with passkeys only: no password is ever stored. Ids are made by
-- the server (randomUUID), as everywhere else.
CREATE TABLE staff_members (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  role text NOT NULL CHECK (role IN ('consultant', 'compliance', 'administrator')),
  language text NOT NULL DEFAULT 'lv' CHECK (language IN ('lv', 'ru')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- a removed member keeps its row: the audit log names it for as long as the log is kept
  removed_at timestamptz
);
CREATE UNIQUE INDEX staff_members_email ON staff_members (lower(email)) WHERE removed_at IS NULL;

-- a passkey: the credential id as the browser names it (base64url), its COSE public key and signature counter
CREATE TABLE staff_credentials (
  id text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_credentials_staff ON staff_credentials (staff_id);

-- the one-time enrolment link: only the SHA-256 of its token is kept; the registration challenge it was given
CREATE TABLE staff_enrolments (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  challenge text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_enrolments_staff ON staff_enrolments (staff_id);

-- a login's challenge, kept until it is answered or expires: an assertion signs one challenge once
CREATE TABLE staff_login_challenges (
  challenge text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- the cookie carries 256 random bits; the table keeps their SHA-256
CREATE TABLE staff_sessions (
  id_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- failed logins, by the member a credential names or by the client's hashed address: repeated ones lock out
CREATE TABLE staff_login_failures (
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_login_failures_key ON staff_login_failures (key, at);
