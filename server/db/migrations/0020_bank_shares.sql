-- issue 33: a person may answer a bank statement or income item by sharing account data from their bank (AIS)
-- instead of uploading a file. A row per sharing; it goes with its item and its application (retention, erasure).
-- The transactions read are never stored: only the statement made from them (a document_files row, origin
-- 'bank') and the income summary, sealed like the applicant's data
ALTER TABLE document_files ADD COLUMN origin text NOT NULL DEFAULT 'upload';
CREATE TABLE bank_shares (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES document_items (id) ON DELETE CASCADE,
  institution_id text NOT NULL,
  -- the bank's consent while it may still be read; cleared when the return claims it (and ends it at the bank)
  consent_id text,
  -- the hash of the random state the bank's return carries
  state_hash text NOT NULL UNIQUE,
  -- the hash of the starting browser's mark (server/http/browser-binding.ts)
  browser_hash text,
  -- wizard | account | widget: where the return sends the person
  return_to text NOT NULL,
  language text NOT NULL,
  -- started | ready | failed (domain/documents.ts)
  state text NOT NULL DEFAULT 'started',
  failure text,
  -- the income summary (JSON), AES-256-GCM with the row id as associated data, as applications.applicant_ciphertext
  summary_key_id text,
  summary_ciphertext text,
  -- the statement among the item's files; cancel and a newer statement delete it
  file_id uuid REFERENCES document_files (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bank_shares_item ON bank_shares (item_id, created_at);
CREATE INDEX bank_shares_application ON bank_shares (application_id);
