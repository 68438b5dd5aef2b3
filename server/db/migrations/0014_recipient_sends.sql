-- issue 32: every message an outside request sets off (the SMS opt-out's code, the receipt of a submission) is
-- counted per recipient, whatever the caller's address; the counts of sms_code_sends come over as the opt-out
-- code's. Rows older than the window are deleted by the daily clean-up
CREATE TABLE recipient_sends (
  message text NOT NULL,
  recipient_key text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recipient_sends_recipient ON recipient_sends (message, recipient_key, sent_at);
INSERT INTO recipient_sends (message, recipient_key, sent_at)
SELECT 'smsOptOutCode', phone_key, sent_at FROM sms_code_sends;
DROP TABLE sms_code_sends;
