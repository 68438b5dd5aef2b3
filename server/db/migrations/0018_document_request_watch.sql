-- issue 33: the lenders' timeout watch also ends the documents requests whose due date passed (one statement for
-- all applications every few seconds), and counts a lender's time from the person's answer
CREATE INDEX document_requests_open_due ON document_requests (due_at) WHERE state = 'open';
CREATE INDEX document_requests_lender ON document_requests (application_id, lender_id);
CREATE INDEX document_items_request ON document_items (request_id);
