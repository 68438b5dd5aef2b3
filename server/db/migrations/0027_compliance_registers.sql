-- issue 34, compliance: the registers a credit intermediary keeps of what it was asked and how it answered.
-- A data request (GDPR Art. 15, 17) that came by post or e-mail names its person by the keyed hash the person's
-- applications carry (person_key), never the personal code; the application it named is kept as an id without a
-- foreign key, as an erasure deletes that application while the register must still say what was asked and done.
CREATE TABLE data_requests (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('erasure', 'access')),
  channel text NOT NULL,
  received_on date NOT NULL,
  due_on date NOT NULL,
  person_key text NOT NULL,
  application_id uuid,
  identified_by text NOT NULL CHECK (identified_by IN ('applicationId', 'personalCode')),
  identity_check text NOT NULL,
  identity_note text,
  state text NOT NULL DEFAULT 'received' CHECK (state IN ('received', 'done', 'refused')),
  refusal_reason text,
  registered_by uuid NOT NULL REFERENCES staff_members (id),
  registered_at timestamptz NOT NULL DEFAULT now(),
  closed_by uuid REFERENCES staff_members (id),
  closed_at timestamptz,
  deleted_applications integer,
  lenders_told integer,
  exports integer NOT NULL DEFAULT 0
);
CREATE INDEX data_requests_open ON data_requests (state, due_on);

-- complaints: the application is optional and kept as an id only (the complaint outlives an erasure of it)
CREATE TABLE complaints (
  id uuid PRIMARY KEY,
  received_on date NOT NULL,
  due_on date NOT NULL,
  channel text NOT NULL,
  application_id uuid,
  category text NOT NULL,
  summary text NOT NULL,
  state text NOT NULL DEFAULT 'received' CHECK (state IN ('received', 'answered')),
  answered_on date,
  answered_by uuid REFERENCES staff_members (id),
  registered_by uuid NOT NULL REFERENCES staff_members (id),
  registered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX complaints_open ON complaints (state, due_on);
