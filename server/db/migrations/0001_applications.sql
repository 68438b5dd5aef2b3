-- Applications. Everything personal (personal code, names, contacts, income, liabilities) lives in
-- applicant_ciphertext, encrypted with AES-256-GCM under the key named by key_id. Only the token's
-- SHA-256 is stored, never the token.
CREATE TABLE applications (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  token_expires_at timestamptz NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  -- a repeated submission with the same key must carry the same body; it gets the same token back
  request_hash text NOT NULL,
  token_ciphertext text NOT NULL,
  state text NOT NULL,
  language text NOT NULL,
  amount integer NOT NULL,
  term integer NOT NULL,
  purpose text NOT NULL,
  key_id text NOT NULL,
  applicant_ciphertext text,
  tracking jsonb NOT NULL DEFAULT '{}'::jsonb,
  chosen_offer_id uuid,
  sign_url text,
  identified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX applications_created_at ON applications (created_at);

CREATE TABLE identifications (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  method text NOT NULL,
  institution_id text,
  state text NOT NULL,
  -- the OAuth/bank "state" parameter, hashed; it ties a browser's return to this attempt
  return_state_hash text UNIQUE,
  provider_session_id text,
  -- the Smart-ID hash the session signs; not secret, needed to verify the signature
  provider_challenge text,
  verification_code text,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE INDEX identifications_application ON identifications (application_id, created_at DESC);

-- One row per lender asked about an application: the unique key is what keeps two processes from
-- asking a lender twice.
CREATE TABLE lender_requests (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  state text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  lender_reference text,
  failure text,
  sent_at timestamptz,
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, lender_id)
);

CREATE TABLE offers (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  lender_offer_id text NOT NULL,
  amount numeric(12, 2) NOT NULL,
  term integer NOT NULL,
  annual_rate numeric(8, 4) NOT NULL,
  arrangement_fee numeric(12, 2) NOT NULL,
  monthly_fee numeric(12, 2) NOT NULL,
  monthly_payment numeric(12, 2) NOT NULL,
  total_payable numeric(12, 2) NOT NULL,
  total_cost_of_credit numeric(12, 2) NOT NULL,
  apr numeric(8, 2) NOT NULL,
  exceeds_cost_cap boolean NOT NULL,
  valid_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, lender_id, lender_offer_id)
);

-- Replay protection for signed partner callbacks.
CREATE TABLE partner_nonces (
  partner text NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (partner, nonce)
);
