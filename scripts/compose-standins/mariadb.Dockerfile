# Stand-in for mariadb:11 where no image registry is reachable: Debian's MariaDB 10.11 with the official image's
# documented interface (MARIADB_USER / MARIADB_PASSWORD / MARIADB_DATABASE / MARIADB_ROOT_PASSWORD, data in
# /var/lib/mysql, server options as the command, `healthcheck.sh --connect --innodb_initialized` reduced to a ping).
ARG BASE=localhost/folio-base:bookworm
FROM ${BASE}
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mariadb-server >/dev/null \
 && rm -rf /var/lib/apt/lists/* /var/lib/mysql/* && mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld /var/lib/mysql
COPY mariadb-entry.sh /usr/local/bin/entry.sh
RUN printf '#!/bin/sh\nexec mariadb-admin --protocol=socket -uroot -p"$MARIADB_ROOT_PASSWORD" ping >/dev/null\n' > /usr/local/bin/healthcheck.sh && chmod +x /usr/local/bin/healthcheck.sh
USER mysql
ENTRYPOINT ["/usr/local/bin/entry.sh"]
