#!/bin/sh
# A base backup of the whole PostgreSQL cluster (docs/operations.md, "Backups and restore"):
#   scripts/backup/base-backup.sh --to DIR [--dbname CONNINFO]
# DIR (new or empty) receives data/, a plain copy of the cluster with the WAL written while it was
# taken (enough to start from it alone), and backup-info. With the WAL archive of archive-wal.sh it is
# also the start of a point-in-time recovery. Runs pg_basebackup over a replication connection: the
# user needs the REPLICATION right (a superuser has it) and pg_hba.conf a "replication" line.
# PG_BIN names the directory of PostgreSQL's programs when they are not on PATH.
set -eu

usage() {
  echo "usage: base-backup.sh --to DIR [--dbname CONNINFO]" >&2
  exit 2
}
to=
dbname=
while [ "$#" -gt 0 ]; do
  case $1 in
    --to) [ "$#" -ge 2 ] || usage; to=$2; shift 2 ;;
    --dbname) [ "$#" -ge 2 ] || usage; dbname=$2; shift 2 ;;
    *) usage ;;
  esac
done
[ -n "$to" ] || usage
bin=${PG_BIN:+$PG_BIN/}

if [ -d "$to" ] && [ -n "$(ls -A "$to")" ]; then
  echo "base-backup: $to is not empty; each backup goes to a directory of its own" >&2
  exit 1
fi
mkdir -p "$to"

label="kreditkompass $(date -u +%Y-%m-%dT%H:%M:%SZ)"
# --wal-method=stream: the WAL of the backup's own duration travels with it, so the copy is
# consistent without the archive; --checkpoint=fast: start now rather than at the next checkpoint
set -- --pgdata="$to/data" --format=plain --wal-method=stream --checkpoint=fast --label="$label" --no-password
if [ -n "$dbname" ]; then set -- "$@" --dbname="$dbname"; fi
"${bin}pg_basebackup" "$@"

# the manifest pg_basebackup wrote, checked against the files and the WAL: a backup that does not
# verify is not a backup
"${bin}pg_verifybackup" --quiet "$to/data"

{
  echo "label: $label"
  echo "postgresql: $(cat "$to/data/PG_VERSION")"
  sed -n 's/^START WAL LOCATION: /start wal: /p; s/^START TIME: /start time: /p' "$to/data/backup_label"
} >"$to/backup-info"
echo "base-backup: $to ($label)"
