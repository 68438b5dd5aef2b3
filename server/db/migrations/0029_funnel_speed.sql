-- issue 34, a year's funnel by week within 200 ms, still counted from the rows themselves.
--
-- The state an application expired from: whether it had offers was looked up in the offers of every expired
-- application (tens of thousands of index probes for a year), while the lifecycle already knows it, since only
-- `offers` and `offerChosen` come after an offer (domain/application-lifecycle.ts). The expiry statement writes it.
ALTER TABLE applications ADD COLUMN expired_from text;
UPDATE applications a SET expired_from = CASE WHEN a.chosen_offer_id IS NULL THEN 'offers' ELSE 'offerChosen' END
WHERE a.state = 'expired' AND EXISTS (SELECT 1 FROM offers o WHERE o.application_id = a.id);

-- the funnel's covering indexes (0026, 0028) with it, and without the id the offers' lookup needed
DROP INDEX applications_funnel;
CREATE INDEX applications_funnel ON applications (created_at)
  INCLUDE (test, state, purpose, publisher_id, identified_at, chosen_offer_id, signed_at, paid_at, expired_from);
DROP INDEX applications_publisher_funnel;
CREATE INDEX applications_publisher_funnel ON applications (publisher_id, created_at)
  INCLUDE (test, state, purpose, identified_at, chosen_offer_id, signed_at, paid_at, expired_from);
DROP INDEX applications_expired_identified;
DROP INDEX offers_application;

-- the unsplit funnel counts each kind of browser event from the instants alone, in half the time of the covering
-- index funnel_events_at (0026) that the funnels split or filtered by publisher or product still read
CREATE INDEX funnel_events_calculator ON funnel_events (at) WHERE kind = 'calculator';
CREATE INDEX funnel_events_started ON funnel_events (at) WHERE kind = 'started';
