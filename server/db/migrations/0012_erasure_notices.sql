-- issue 32: an erasure tells every lender that ever received one of the person's applications (GDPR Art. 17(2)
-- and 19), and the person may later ask which lenders were told and when (Art. 19, last sentence). What that
-- needs, and no more: the person's keyed hash (the account's person_key, never the personal code) to find the
-- erasure at the next login, and per lender told its id, its own reference (to send again until it answers;
-- cleared once it has), when we first sent it, and its answer. No name, code, contact or loan figure is kept.
-- Rows go a year after the erasure (server/account/erasure-notices.ts, by the daily clean-up).
CREATE TABLE erasures (
  id uuid PRIMARY KEY,
  person_key text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX erasures_person ON erasures (person_key, requested_at DESC);
CREATE INDEX erasures_requested_at ON erasures (requested_at);

-- one row per lender reference told; its id is the withdrawal's requestId (the lender's idempotency key)
CREATE TABLE erasure_notices (
  id uuid PRIMARY KEY,
  erasure_id uuid NOT NULL REFERENCES erasures (id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  lender_reference text,
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  acknowledged_at timestamptz,
  answer_status integer,
  gave_up_at timestamptz
);
CREATE INDEX erasure_notices_erasure ON erasure_notices (erasure_id);
