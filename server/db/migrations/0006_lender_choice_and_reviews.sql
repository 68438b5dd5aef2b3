-- issue 15: the lenders a person unticked before sending are never asked
ALTER TABLE applications ADD COLUMN excluded_lenders text[] NOT NULL DEFAULT '{}';

-- requests for human review of a decline, one per lender of an application; the person's message is sealed
-- like the applicant's record (it may hold personal details) and only ever sent to that lender
CREATE TABLE review_requests (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  language text NOT NULL,
  message_ciphertext text,
  state text NOT NULL,
  explanation text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  answered_at timestamptz,
  UNIQUE (application_id, lender_id)
);
