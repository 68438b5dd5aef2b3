#!/bin/sh
# A PostgreSQL data directory from a base backup (docs/operations.md, "Backups and restore"):
#   scripts/backup/restore.sh --from BACKUP_DIR --data NEW_DATA_DIR [--wal-archive DIR [--target-time TIME]]
# Without --wal-archive the cluster comes back as it was when the backup ended. With it, PostgreSQL
# replays the archived WAL after the backup, to its end or to --target-time (e.g. '2026-11-27
# 20:00:00+00'), then opens a new timeline. Run it as the user PostgreSQL runs as: the data directory
# must be that user's, mode 700. Start PostgreSQL on NEW_DATA_DIR afterwards.
set -eu

usage() {
  echo "usage: restore.sh --from BACKUP_DIR --data NEW_DATA_DIR [--wal-archive DIR [--target-time TIME]]" >&2
  exit 2
}
from=
data=
archive=
target_time=
while [ "$#" -gt 0 ]; do
  case $1 in
    --from) [ "$#" -ge 2 ] || usage; from=$2; shift 2 ;;
    --data) [ "$#" -ge 2 ] || usage; data=$2; shift 2 ;;
    --wal-archive) [ "$#" -ge 2 ] || usage; archive=$2; shift 2 ;;
    --target-time) [ "$#" -ge 2 ] || usage; target_time=$2; shift 2 ;;
    *) usage ;;
  esac
done
if [ -z "$from" ] || [ -z "$data" ]; then usage; fi
if [ -n "$target_time" ] && [ -z "$archive" ]; then
  echo "restore: --target-time needs --wal-archive (the backup alone ends where it ended)" >&2
  exit 2
fi
if [ ! -f "$from/data/backup_label" ]; then
  echo "restore: $from/data is not a base backup of base-backup.sh (no backup_label)" >&2
  exit 1
fi
# never over a cluster: restoring is for a new, empty directory
if [ -d "$data" ] && [ -n "$(ls -A "$data")" ]; then
  echo "restore: $data is not empty" >&2
  exit 1
fi

mkdir -p "$data"
chmod 700 "$data"
cp -R "$from/data/." "$data/"
# the backup's manifest describes the backup, not the cluster that grows from it
rm -f "$data/backup_manifest"

if [ -n "$archive" ]; then
  archive=$(cd "$archive" && pwd)
  {
    echo "# restore.sh: replay the WAL archive after the base backup"
    echo "restore_command = 'cp \"$archive/%f\" \"%p\"'"
    if [ -n "$target_time" ]; then
      echo "recovery_target_time = '$target_time'"
      echo "recovery_target_action = 'promote'"
    fi
    # a restored cluster must not write into the archive it is restored from: archiving starts again
    # only when an operator names a new archive
    echo "archive_mode = 'off'"
  } >>"$data/postgresql.auto.conf"
  touch "$data/recovery.signal"
fi
echo "restore: $data from $from${archive:+ and the WAL archive $archive}"
