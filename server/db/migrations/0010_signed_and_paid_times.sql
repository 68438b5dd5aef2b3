-- issue 31: a closed application in the account says when its contract was signed and when the money was paid
ALTER TABLE applications ADD COLUMN signed_at timestamptz, ADD COLUMN paid_at timestamptz;
