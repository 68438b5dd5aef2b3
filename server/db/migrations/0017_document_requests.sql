-- issue 33: a lender may answer an application with a documents request instead of an offer or a decline.
-- The request and its items live with the application and go with it (retention, erasure)
CREATE TABLE document_requests (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  -- the lender's own id of the request, so a repeated callback stores it once
  lender_request_id text NOT NULL,
  due_at timestamptz NOT NULL,
  -- open | sent | received | expired (domain/documents.ts)
  state text NOT NULL DEFAULT 'open',
  created_at timestamptz NOT NULL DEFAULT now(),
  -- when the person's answer was complete: the lender's own timeout counts from here
  answered_at timestamptz,
  UNIQUE (application_id, lender_id, lender_request_id)
);
CREATE INDEX document_requests_application ON document_requests (application_id);
CREATE TABLE document_items (
  id uuid PRIMARY KEY,
  request_id uuid NOT NULL REFERENCES document_requests (id) ON DELETE CASCADE,
  position integer NOT NULL,
  -- bankStatement | incomeProof | employmentContract | businessIncome | other
  kind text NOT NULL,
  months integer,
  text_lv text,
  text_ru text,
  -- open | sent | received
  state text NOT NULL DEFAULT 'open',
  sent_at timestamptz,
  received_at timestamptz,
  UNIQUE (request_id, position)
);
