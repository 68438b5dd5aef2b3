-- issue 33: the files a person uploads to answer a lender's documents request. The bytes live encrypted on disk
-- (server/documents/file-store.ts); a row names them and goes with its item and its application, whose erasure and
-- retention also delete the files themselves
CREATE TABLE document_files (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL REFERENCES document_items (id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  -- decided by the content, never by the name or the declared type: application/pdf | image/jpeg | image/png
  content_type text NOT NULL,
  -- of the plaintext as stored (a photo after its re-encoding), which is what the lender receives
  bytes integer NOT NULL,
  sha256 text NOT NULL,
  -- the file's path under the documents directory
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_files_item ON document_files (item_id, created_at);
CREATE INDEX document_files_application ON document_files (application_id);
