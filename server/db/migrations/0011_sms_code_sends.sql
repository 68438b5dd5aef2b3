-- issue 32: every SMS sent on request (the opt-out's code) is counted per phone, whatever the caller's address,
-- so no one can flood a number; rows older than the window are deleted by the daily clean-up
CREATE TABLE sms_code_sends (
  phone_key text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_code_sends_phone ON sms_code_sends (phone_key, sent_at);
