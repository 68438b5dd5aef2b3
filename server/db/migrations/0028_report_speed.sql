-- issue 34, the reports within 200 ms on a year of a busy broker: indexes and statistics for the statements of
-- server/staff/reports/, still counting from the rows themselves.
--
-- the funnel counts each source a UTC hour (date_bin) before putting the hours into Riga's days: the planner's
-- estimate of how many hours there are, without which it expects a group a row (and compiles the plan with JIT)
CREATE STATISTICS funnel_events_hour ON (date_bin('1 hour', at, TIMESTAMPTZ '2000-01-01 00:00:00+00'))
  FROM funnel_events;
CREATE STATISTICS applications_hour ON (date_bin('1 hour', created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'))
  FROM applications;
-- a year's hours are a few thousand, each seen a few times in ANALYZE's sample: the whole table is read for them, or
-- their number is guessed a hundred thousand
ALTER STATISTICS funnel_events_hour SET STATISTICS 10000;
ALTER STATISTICS applications_hour SET STATISTICS 10000;

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
