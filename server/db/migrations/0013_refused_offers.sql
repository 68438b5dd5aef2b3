-- issue 32: an offer outside the lender's configured ranges, the product's bounds or the cost cap is not stored as an
-- offer; each refusal is kept here for the lender (what it sent and which bound it broke), and goes with the
-- application when that is erased
CREATE TABLE refused_offers (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  lender_offer_id text NOT NULL,
  breach text NOT NULL,
  amount numeric(12, 2) NOT NULL,
  term integer NOT NULL,
  annual_rate numeric(8, 4) NOT NULL,
  apr double precision,
  refused_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refused_offers_lender ON refused_offers (lender_id, refused_at);
