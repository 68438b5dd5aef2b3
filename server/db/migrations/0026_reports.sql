-- issue 34, the administrator's reports: every figure is counted from these rows by server/staff/reports/, never
-- from counters kept on the side.
--
-- The calculator's use and a form's start happen in the browser before any application exists; nothing recorded
-- them. One row an event, with the product and the publisher only: no person, no address, no cookie.
CREATE TABLE funnel_events (
  at timestamptz NOT NULL DEFAULT now(),
  -- calculator | started
  kind text NOT NULL CHECK (kind IN ('calculator', 'started')),
  product text NOT NULL,
  publisher_id text
);
CREATE INDEX funnel_events_at ON funnel_events (at) INCLUDE (kind, product, publisher_id);

-- the publisher as a column of its own, so the funnel and the commissions read one narrow index instead of the
-- wide rows (the sealed applicant record lives in them)
ALTER TABLE applications ADD COLUMN publisher_id text GENERATED ALWAYS AS (tracking->>'publisherId') STORED;
CREATE INDEX applications_funnel ON applications (created_at)
  INCLUDE (id, test, state, purpose, publisher_id, identified_at, chosen_offer_id, signed_at, paid_at);
CREATE INDEX applications_paid ON applications (paid_at)
  INCLUDE (test, publisher_id, chosen_offer_id) WHERE paid_at IS NOT NULL;

-- the lenders' health over 24 hours and 30 days: the requests made in the window and their outcome
CREATE INDEX lender_requests_created_at ON lender_requests (created_at)
  INCLUDE (lender_id, state, sent_at, answered_at, failure);
CREATE INDEX document_requests_created_at ON document_requests (created_at) INCLUDE (lender_id);
