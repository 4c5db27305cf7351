#!/bin/sh
set -e
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" > /tmp/pw
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/pw -A scram-sha-256 >/dev/null
  rm /tmp/pw
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -w start -o "-c listen_addresses=''" >/dev/null
  PGPASSWORD="$POSTGRES_PASSWORD" psql -h /run/postgresql -U "$POSTGRES_USER" -d postgres -qc "create database \"$POSTGRES_DB\""
  pg_ctl -D "$PGDATA" -w stop >/dev/null
fi
exec postgres -D "$PGDATA"
