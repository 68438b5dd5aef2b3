-- People come back: an account found by a keyed hash of the personal code (HMAC-SHA256 under the
-- lookup key, never a plain SHA-256, which a list of all Latvian codes would reverse), sessions,
-- consents, e-mail and SMS notices, continue links. Nothing here holds a personal code in clear.
ALTER TABLE applications ADD COLUMN person_key text;

CREATE INDEX applications_person_key ON applications (person_key, created_at DESC) WHERE person_key IS NOT NULL;

-- the contact choices made in the application form, for the consent centre's "how it was given"
ALTER TABLE applications ADD COLUMN notice_choices jsonb NOT NULL DEFAULT '{}'::jsonb;

-- A login is an identification without an application: the same providers, its own rows.
CREATE TABLE login_attempts (
  id uuid PRIMARY KEY,
  -- the secret the browser that started a Smart-ID login polls with, hashed
  poll_secret_hash text UNIQUE,
  method text NOT NULL,
  institution_id text,
  language text NOT NULL,
  state text NOT NULL,
  return_state_hash text UNIQUE,
  provider_session_id text,
  provider_challenge text,
  verification_code text,
  person_key text,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE INDEX login_attempts_created_at ON login_attempts (created_at);

-- Server-side sessions: the cookie holds a random id, the table its SHA-256.
CREATE TABLE account_sessions (
  id_hash text PRIMARY KEY,
  person_key text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  method text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_sessions_person ON account_sessions (person_key);

-- One row per person and kind (email, sms, phone, marketing): the latest word, when and how.
CREATE TABLE consents (
  person_key text NOT NULL,
  kind text NOT NULL,
  granted boolean NOT NULL,
  source text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (person_key, kind)
);

-- SMS opt-outs by keyed hash of the phone number (the footer's opt-out page knows no personal code).
CREATE TABLE sms_opt_outs (
  phone_key text PRIMARY KEY,
  opted_out_at timestamptz NOT NULL DEFAULT now()
);

-- Codes sent by SMS to confirm an opt-out: hashed, short-lived, a few tries.
CREATE TABLE sms_opt_out_codes (
  phone_key text PRIMARY KEY,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);

-- Continue links in messages: the code is signed (HMAC) and names this row; revoking the row spends it.
CREATE TABLE continue_links (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE INDEX continue_links_application ON continue_links (application_id);

-- Every message the broker meant to send, once per application and kind (offers ready: per batch).
CREATE TABLE notices (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  kind text NOT NULL,
  channel text NOT NULL,
  dedupe_key text NOT NULL,
  state text NOT NULL DEFAULT 'queued',
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (application_id, channel, dedupe_key)
);

CREATE INDEX notices_application_kind ON notices (application_id, channel, kind, created_at DESC);
