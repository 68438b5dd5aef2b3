-- The publisher report (GET /api/publishers/applications) reads one publisher's applications,
-- newest first. Applications without a publisher are left out of the index: the report's
-- `tracking->>'publisherId' = $1` never matches them.
CREATE INDEX applications_publisher_created_at ON applications ((tracking->>'publisherId'), created_at DESC)
  WHERE tracking->>'publisherId' IS NOT NULL;
