-- issue 18: a Smart-ID session is followed by the process that started it, not by a queued job (a job an
-- identification, and twenty idle workers woken by every one of them, were a fifth of the database's statements).
-- follow_until is that process's lease, renewed with every long poll; a session whose lease ran out (its process
-- stopped) is taken up again by the sweep.
ALTER TABLE identifications ADD COLUMN follow_until timestamptz;

CREATE INDEX identifications_unfollowed ON identifications (follow_until)
  WHERE state = 'pending' AND method = 'smartId';
