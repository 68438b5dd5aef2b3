-- issue 32: a login or an identification counts only in the browser that began it; the hash of that
-- browser's random mark (its short-lived HttpOnly cookie) is kept with the attempt
ALTER TABLE login_attempts ADD COLUMN browser_hash text;
ALTER TABLE identifications ADD COLUMN browser_hash text;
