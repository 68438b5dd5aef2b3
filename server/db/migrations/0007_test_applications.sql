-- issue 17: applications a publisher's widget sent in test mode; they go to test lenders only and stay out of
-- the publisher's report
ALTER TABLE applications ADD COLUMN test boolean NOT NULL DEFAULT false;
