-- issue 34, the reports within 200 ms on a year of a busy broker: indexes and statistics for the statements of
-- server/staff/reports/, still counting from the rows themselves.
--
-- the funnel counts each source a Riga day or week from its index's range for that period (funnel_events_at,
-- applications_funnel of 0026)

-- one publisher's funnel: its events and its applications without reading the others'
CREATE INDEX funnel_events_publisher ON funnel_events (publisher_id, at) INCLUDE (kind, product);
CREATE INDEX applications_publisher_funnel ON applications (publisher_id, created_at)
  INCLUDE (id, test, state, purpose, identified_at, chosen_offer_id, signed_at, paid_at);

-- the expired applications that were identified and chose nothing: the only ones whose offers the funnel looks up
CREATE INDEX applications_expired_identified ON applications (created_at) INCLUDE (id, purpose, publisher_id)
  WHERE state = 'expired' AND identified_at IS NOT NULL AND chosen_offer_id IS NULL AND NOT test;

-- ... each looked up in a narrow index of the offers' applications (the unique one also holds two text columns)
CREATE INDEX offers_application ON offers (application_id);

-- the commissions: a paid loan's chosen offer's lender and amount from the index alone
CREATE INDEX offers_id_amount ON offers (id) INCLUDE (lender_id, amount);

-- the lenders' health: each lender's requests in a window, apart from the others' and in one index range
CREATE INDEX lender_requests_lender ON lender_requests (lender_id, created_at)
  INCLUDE (state, sent_at, answered_at, failure);
