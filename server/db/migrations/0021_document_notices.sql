-- issue 33: the message that tells the person of a lender's documents request names the request it is about: one
-- message a request (a second lender's request is news of its own), and its continue link opens that request
ALTER TABLE notices ADD COLUMN document_request_id uuid REFERENCES document_requests (id) ON DELETE CASCADE;
CREATE INDEX notices_document_request ON notices (document_request_id) WHERE document_request_id IS NOT NULL;
-- the sweep looks for sent items whose delivery job is gone; only a few are ever in this state at once
CREATE INDEX document_items_sent ON document_items (sent_at) WHERE state = 'sent';
