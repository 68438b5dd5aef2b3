-- issue 34: a year's funnel counts each kind of browser event on a connection of its own, each from its own range
-- of this index, instead of one statement reading every event of the year
CREATE INDEX funnel_events_kind ON funnel_events (kind, at) INCLUDE (product, publisher_id);
