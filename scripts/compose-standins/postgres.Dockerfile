# Stand-in for postgres:16 where no image registry is reachable (these machines): Debian's PostgreSQL 15 with the
# official image's documented interface (POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB, data in
# /var/lib/postgresql/data, pg_isready). Used only by scripts/test-compose.sh.
ARG BASE=localhost/folio-base:bookworm
FROM ${BASE}
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
 && rm -rf /var/lib/apt/lists/* && mkdir -p /var/lib/postgresql/data /run/postgresql && chown -R postgres:postgres /var/lib/postgresql /run/postgresql
COPY postgres-entry.sh /usr/local/bin/entry.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
ENTRYPOINT ["/usr/local/bin/entry.sh"]
