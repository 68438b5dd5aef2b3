-- issue 18: lenders out of time are found by each process's watch (one statement every few seconds for all
-- applications) instead of one delayed job an application
CREATE INDEX lender_requests_sent ON lender_requests (sent_at) WHERE state = 'sent';
