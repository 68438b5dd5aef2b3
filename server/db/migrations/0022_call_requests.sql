-- issue 34: a person asks a consultant to call them at a slot within the consultant hours. The request lives with
-- the application and goes with it (retention, erasure); the question and the phone are sealed with the
-- application's cipher like the rest of what the person wrote.
CREATE TABLE call_requests (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  slot_start timestamptz NOT NULL,
  -- `keyId.ciphertext`, the request's id as associated data; null when the person asked nothing
  question_ciphertext text,
  phone_ciphertext text NOT NULL,
  -- the application's language when asked: the consultant speaks it
  language text NOT NULL,
  -- requested | cancelled | called | notReached
  state text NOT NULL DEFAULT 'requested',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one call at a time an application: moving it cancels the old one in the same transaction
CREATE UNIQUE INDEX call_requests_one_active ON call_requests (application_id) WHERE state = 'requested';
-- the consultants' list of calls to make, by time
CREATE INDEX call_requests_slot ON call_requests (slot_start) WHERE state = 'requested';
-- the confirmation names the request it confirms: a moved call is confirmed again, a cancelled one is not sent
ALTER TABLE notices ADD COLUMN call_request_id uuid REFERENCES call_requests (id) ON DELETE CASCADE;
