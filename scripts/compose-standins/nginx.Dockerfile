# Stand-in for nginx:alpine where no image registry is reachable: Debian's nginx reading /etc/nginx/conf.d/*.conf.
ARG BASE=localhost/folio-base:bookworm
FROM ${BASE}
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light >/dev/null \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/*
CMD ["nginx", "-g", "daemon off;"]
