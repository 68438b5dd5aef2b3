-- issue 34, the consultant's side of the back office. A consultant finds the application of a person who asked for a
-- call by the e-mail or phone the person gave: only keyed hashes of them are kept (HMAC under the lookup key, as the
-- person_key), written with the call request, so the search matches exactly and decrypts nothing.
ALTER TABLE call_requests ADD COLUMN email_key text, ADD COLUMN phone_key text;
CREATE INDEX call_requests_email_key ON call_requests (email_key) WHERE email_key IS NOT NULL;
CREATE INDEX call_requests_phone_key ON call_requests (phone_key) WHERE phone_key IS NOT NULL;
-- the queue reads the waiting requests in this order (the older call_requests_slot has no tie-break)
CREATE INDEX call_requests_queue ON call_requests (slot_start, id) WHERE state = 'requested';
-- every call request of an application, whatever its state (the search's scope and the application's page)
CREATE INDEX call_requests_application ON call_requests (application_id, created_at);
-- who marked a call called or not reached, and when
ALTER TABLE call_requests ADD COLUMN handled_by uuid REFERENCES staff_members (id), ADD COLUMN handled_at timestamptz;

-- the consultants' notes on an application; a note may say anything the person said, so it is sealed like the
-- person's question (`keyId.ciphertext`, the note's id as associated data) and goes with the application
CREATE TABLE consultant_notes (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  staff_id uuid NOT NULL REFERENCES staff_members (id),
  -- the call this note was written with, when it was
  call_request_id uuid REFERENCES call_requests (id) ON DELETE CASCADE,
  text_ciphertext text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consultant_notes_application ON consultant_notes (application_id, created_at);

-- when the person chose an offer: the application's timeline tells it
ALTER TABLE applications ADD COLUMN chosen_at timestamptz;

-- the timeline tells the person's logins to the account (offers, lenders' requests, reviews and notices are found by
-- their application through their unique keys and indexes already)
CREATE INDEX login_attempts_person ON login_attempts (person_key, finished_at) WHERE person_key IS NOT NULL;
