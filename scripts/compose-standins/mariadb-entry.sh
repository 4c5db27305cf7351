#!/bin/sh
set -e
if [ ! -f /var/lib/mysql/.initialised ]; then
  rm -rf /var/lib/mysql/*
  mariadb-install-db --user=mysql --datadir=/var/lib/mysql --skip-test-db >/dev/null
  mariadbd --skip-networking --socket=/run/mysqld/init.sock &
  pid=$!
  for i in $(seq 1 60); do mariadb-admin --socket=/run/mysqld/init.sock ping >/dev/null 2>&1 && break; sleep 0.5; done
  mariadb --socket=/run/mysqld/init.sock -umysql <<SQL
CREATE DATABASE \`$MARIADB_DATABASE\`;
CREATE USER '$MARIADB_USER'@'%' IDENTIFIED BY '$MARIADB_PASSWORD';
GRANT ALL ON \`$MARIADB_DATABASE\`.* TO '$MARIADB_USER'@'%';
ALTER USER 'root'@'localhost' IDENTIFIED BY '$MARIADB_ROOT_PASSWORD';
FLUSH PRIVILEGES;
SQL
  kill "$pid"; wait "$pid" || true
  touch /var/lib/mysql/.initialised
fi
exec mariadbd --bind-address=0.0.0.0 "$@"
