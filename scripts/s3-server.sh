#!/usr/bin/env bash
# A real S3 server for the S3 suites: Ceph's object gateway (radosgw, from Debian's packages) on
# a one-node Ceph cluster whose single OSD keeps objects in memory. It is the S3 implementation
# behind many production object stores, and it enforces what a mock does not: the 5 MiB minimum
# part, paginated part/object/upload listings, quoted ETags, a complete naming a missing part
# refused, an aborted upload's parts kept until the abort.
#
#   scripts/s3-server.sh start   install (root, apt) when missing, start, print the S3_* to export
#   scripts/s3-server.sh env     print the S3_* of the running server (exit 1 when none)
#   scripts/s3-server.sh stop    stop the daemons and remove the cluster's folder
#
# Everything lives in S3_SERVER_DIR (default /tmp/areia-s3); ports S3_SERVER_PORT (HTTP, default
# 7480) and that port + 1 (the monitor). Objects are lost on stop: it is a test server.
set -euo pipefail

DIR="${S3_SERVER_DIR:-/tmp/areia-s3}"
PORT="${S3_SERVER_PORT:-7480}"
MON_PORT=$((PORT + 1))
ACCESS_KEY=areia-test
SECRET_KEY=areia-test-secret
BUCKET=areia-test
CONF="$DIR/ceph.conf"

log() { printf 's3-server: %s\n' "$*" >&2; }

print_env() {
  cat <<EOF
S3_ENDPOINT=http://127.0.0.1:$PORT
S3_BUCKET=$BUCKET
S3_REGION=us-east-1
S3_ACCESS_KEY_ID=$ACCESS_KEY
S3_SECRET_ACCESS_KEY=$SECRET_KEY
EOF
}

# Any HTTP answer on the port means the gateway is up (an anonymous request gets an S3 XML reply).
answering() { curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$PORT/" 2>/dev/null; }

stop() {
  for name in radosgw osd mon; do
    if [ -f "$DIR/$name.pid" ]; then
      pid=$(cat "$DIR/$name.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$DIR"
}

install() {
  command -v radosgw >/dev/null && command -v ceph-mon >/dev/null && command -v ceph-osd >/dev/null &&
    return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    log 'radosgw, ceph-mon and ceph-osd are missing and cannot be installed here (needs root and apt)'
    return 1
  fi
  log 'installing radosgw, ceph-mon and ceph-osd from Debian'
  # The package lists may be old or absent on a new machine.
  apt-get install -y --no-install-recommends radosgw ceph-mon ceph-osd >/dev/null 2>&1 || {
    apt-get update >/dev/null 2>&1
    apt-get install -y --no-install-recommends radosgw ceph-mon ceph-osd >/dev/null
  }
}

wait_for() { # seconds, description, command...
  local limit=$1 what=$2
  shift 2
  for _ in $(seq 1 $((limit * 5))); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  log "timed out waiting for $what (logs in $DIR)"
  return 1
}

start() {
  if answering; then
    print_env
    return 0
  fi
  # Test files start it side by side: one builds the cluster, the others wait and reuse it. The
  # daemons get the lock's descriptor closed (9>&-), or they would hold it for their lifetime.
  exec 9>"$DIR.lock"
  flock -w 300 9
  if answering; then
    print_env
    return 0
  fi
  install
  stop
  mkdir -p "$DIR/mon" "$DIR/osd" "$DIR/rgw" "$DIR/run"
  local fsid
  fsid=$(cat /proc/sys/kernel/random/uuid)
  # One node, no authentication, one copy of each object, few placement groups (the gateway
  # creates about seven pools), objects in memory.
  cat >"$CONF" <<EOF
[global]
fsid = $fsid
mon host = v1:127.0.0.1:$MON_PORT
ms bind msgr2 = false
auth cluster required = none
auth service required = none
auth client required = none
auth allow insecure global id reclaim = true
run dir = $DIR/run
admin socket = $DIR/run/\$name.asok
log file = $DIR/\$name.log
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon allow pool delete = true
mon max pg per osd = 1000
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
osd objectstore = memstore
memstore device bytes = 8589934592

[mon.a]
mon data = $DIR/mon

[osd.0]
osd data = $DIR/osd

[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$PORT
rgw data = $DIR/rgw
rgw dns name = 127.0.0.1
rgw thread pool size = 64
EOF
  monmaptool --create --addv a "[v1:127.0.0.1:$MON_PORT]" --fsid "$fsid" "$DIR/monmap" >/dev/null
  ceph-mon -c "$CONF" --mkfs -i a --monmap "$DIR/monmap" >/dev/null
  ceph-mon -c "$CONF" -i a --pid-file "$DIR/mon.pid" 2>>"$DIR/start.log" 9>&-
  wait_for 30 'the monitor' ceph -c "$CONF" --connect-timeout 2 mon stat
  local uuid
  uuid=$(cat /proc/sys/kernel/random/uuid)
  ceph -c "$CONF" osd new "$uuid" 0 >/dev/null
  ceph-osd -c "$CONF" -i 0 --mkfs --osd-uuid "$uuid" >/dev/null 2>&1
  ceph-osd -c "$CONF" -i 0 --pid-file "$DIR/osd.pid" 2>>"$DIR/start.log" 9>&-
  wait_for 60 'the OSD' sh -c "ceph -c '$CONF' osd stat | grep -q '1 up'"
  radosgw -c "$CONF" -n client.rgw --pid-file "$DIR/radosgw.pid" 2>>"$DIR/start.log" 9>&-
  wait_for 90 'the gateway' answering
  radosgw-admin -c "$CONF" user create --uid areia-test --display-name 'Areia tests' \
    --access-key "$ACCESS_KEY" --secret-key "$SECRET_KEY" >/dev/null
  log "up at http://127.0.0.1:$PORT"
  print_env
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  env) answering && print_env ;;
  *)
    echo "usage: $0 start|env|stop" >&2
    exit 2
    ;;
esac
