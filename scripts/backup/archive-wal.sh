#!/bin/sh
# PostgreSQL's archive_command (docs/operations.md, "Backups and restore"):
#   archive_command = '/path/to/scripts/backup/archive-wal.sh /backups/wal %p %f'
# Copies one finished WAL segment into the archive. PostgreSQL counts the segment as archived only
# when this exits 0, and keeps it and retries otherwise, so a copy that did not reach the disk must
# not look done. POSIX sh: it runs inside the postgres image too.
set -eu

if [ "$#" -ne 3 ]; then
  echo "usage: archive-wal.sh ARCHIVE_DIR WAL_PATH WAL_NAME (archive_command: ... ARCHIVE_DIR %p %f)" >&2
  exit 2
fi
archive=$1
source=$2
name=$3
target="$archive/$name"

if [ -e "$target" ]; then
  # the server archives a segment again when it crashed before hearing of the first copy: the same
  # bytes are success; different bytes under one name mean two servers share this archive
  if cmp -s "$source" "$target"; then exit 0; fi
  echo "archive-wal: $target exists with other contents; is another server archiving here?" >&2
  exit 1
fi

# through a temporary name and an fsync, so a crash never leaves a truncated segment under its name
cp "$source" "$target.part"
sync "$target.part"
mv "$target.part" "$target"
sync "$archive"
