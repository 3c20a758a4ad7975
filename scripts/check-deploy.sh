#!/usr/bin/env bash
# Checks the operator's files in deploy/ with their own tools (issue 44; docs/operations.md).
#
#   bash scripts/check-deploy.sh
#
# Each check runs where its tool is installed and is skipped with a message where not (Debian:
# `apt-get install -y haproxy prometheus` brings haproxy and promtool; systemd-analyze comes with
# systemd). CHECK_DEPLOY_STRICT=1 turns a skipped check into a failure, for a CI that installs them.
# Exits non-zero when a check fails.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT="$PWD"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

passed=0
failed=0
skipped=0
ok() { echo "ok    $1"; passed=$((passed + 1)); }
bad() { echo "FAIL  $1"; failed=$((failed + 1)); }
skip() {
  if [ "${CHECK_DEPLOY_STRICT:-0}" = 1 ]; then bad "$1 (skipped: $2; CHECK_DEPLOY_STRICT=1)"; else echo "skip  $1: $2"; skipped=$((skipped + 1)); fi
}
has() { command -v "$1" > /dev/null 2>&1; }

# Node 24 as npm installed it (decision 039), else the machine's.
NODE="$ROOT/node_modules/.bin/node"
[ -x "$NODE" ] || NODE="$(command -v node || true)"

# --- HAProxy -----------------------------------------------------------------------------------
if has haproxy && has openssl; then
  # The TLS certificate is the installation's: a throwaway self-signed one stands in for the check.
  if openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=certs.example.org -days 1 \
    -keyout "$TMP/key.pem" -out "$TMP/cert.pem" > /dev/null 2>&1; then
    cat "$TMP/cert.pem" "$TMP/key.pem" > "$TMP/certs.pem"
    # -dW: a warning fails the check too.
    if out="$(CERTS_TLS_CERT="$TMP/certs.pem" haproxy -dW -c -f deploy/haproxy.cfg 2>&1)"; then
      ok "haproxy -c -f deploy/haproxy.cfg"
    else
      bad "haproxy -c -f deploy/haproxy.cfg"
      echo "$out"
    fi
  else
    bad "openssl could not make the stand-in TLS certificate"
  fi
else
  skip "haproxy -c -f deploy/haproxy.cfg" "haproxy or openssl not installed"
fi

# The busy answer HAProxy sends verbatim: its Content-Length must be its body's length.
busy=deploy/haproxy-busy-503.http
declared="$(grep -i '^content-length:' "$busy" | tr -dc '0-9')"
actual="$(awk 'BEGIN { RS = "\r\n\r\n" } NR > 1 { printf "%s", $0 }' "$busy" | wc -c)"
if [ -n "$declared" ] && [ "$declared" = "$actual" ] && grep -qi '^retry-after: 2' "$busy"; then
  ok "$busy: 503 with Retry-After: 2, Content-Length $declared matches its body"
else
  bad "$busy: Content-Length ${declared:-missing} but the body has $actual bytes (or no Retry-After: 2)"
fi

# --- systemd -----------------------------------------------------------------------------------
UNITS="certs.service certs-backup.service certs-backup.timer"
if has systemd-analyze; then
  if [ -x "$ROOT/node_modules/.bin/node" ] && [ -f "$ROOT/apps/server/package.json" ]; then
    # The units name /opt/certs; verify the same units pointed at this checkout (its Node must exist).
    for unit in $UNITS; do sed "s#/opt/certs#$ROOT#g" "deploy/$unit" > "$TMP/$unit"; done
    # systemd-analyze exits 0 on some ignored lines (a bad signal name...): any output fails the check.
    out="$(cd "$TMP" && systemd-analyze verify $UNITS 2>&1)"
    rc=$?
    if [ $rc -eq 0 ] && [ -z "$out" ]; then ok "systemd-analyze verify deploy/{${UNITS// /,}}"; else
      bad "systemd-analyze verify deploy/{${UNITS// /,}}"
      echo "$out"
    fi
  else
    skip "systemd-analyze verify deploy/*.service" "node_modules/.bin/node missing (run npm install first)"
  fi
else
  skip "systemd-analyze verify deploy/*.service" "systemd-analyze not installed"
fi

# --- Prometheus --------------------------------------------------------------------------------
if has promtool; then
  if out="$(promtool check config deploy/prometheus.yml 2>&1)"; then ok "promtool check config deploy/prometheus.yml (and the rules it names)"; else
    bad "promtool check config deploy/prometheus.yml"
    echo "$out"
  fi
  if out="$(promtool check rules deploy/alerts.yml 2>&1)"; then ok "promtool check rules deploy/alerts.yml"; else
    bad "promtool check rules deploy/alerts.yml"
    echo "$out"
  fi
  if out="$(promtool test rules deploy/alerts.test.yml 2>&1)"; then ok "promtool test rules deploy/alerts.test.yml"; else
    bad "promtool test rules deploy/alerts.test.yml"
    echo "$out"
  fi
else
  skip "promtool check config / check rules / test rules" "promtool not installed (Debian package prometheus)"
fi

# --- Grafana dashboard -------------------------------------------------------------------------
if [ -n "$NODE" ]; then
  # Valid JSON, every panel with a query, unique panel ids; its queries written out as recording
  # rules so that promtool can parse them ($__rate_interval as Grafana would fill it).
  if out="$("$NODE" - "$TMP/dashboard-rules.json" << 'EOF' 2>&1
const fs = require('node:fs');
const dashboard = JSON.parse(fs.readFileSync('deploy/grafana-exam-day.json', 'utf8'));
const problems = [];
if (!dashboard.uid || !dashboard.title) problems.push('no uid or title');
const ids = new Set();
const rules = [];
for (const panel of dashboard.panels ?? []) {
  if (ids.has(panel.id)) problems.push(`panel id ${panel.id} used twice`);
  ids.add(panel.id);
  if (panel.type === 'row') continue;
  if (!panel.targets?.length) problems.push(`panel "${panel.title}" has no query`);
  for (const target of panel.targets ?? []) {
    if (!target.expr) problems.push(`panel "${panel.title}" has a target without expr`);
    else rules.push({ record: `dashboard:panel_${panel.id}_${target.refId}`, expr: target.expr.replaceAll('$__rate_interval', '1m') });
  }
}
fs.writeFileSync(process.argv[2], JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
if (problems.length) { console.log(problems.join('\n')); process.exit(1); }
console.log(`${dashboard.panels.length} panels, ${rules.length} queries`);
EOF
)"; then
    ok "deploy/grafana-exam-day.json is JSON ($out)"
    if has promtool; then
      if out="$(promtool check rules "$TMP/dashboard-rules.json" 2>&1)"; then ok "promtool parses every dashboard query"; else
        bad "a dashboard query does not parse"
        echo "$out"
      fi
    else
      skip "dashboard queries parsed by promtool" "promtool not installed"
    fi
  else
    bad "deploy/grafana-exam-day.json"
    echo "$out"
  fi
else
  skip "deploy/grafana-exam-day.json" "node not found"
fi

# --- Names the files rely on -------------------------------------------------------------------
# Every certs_* series the rules and the dashboard read is one the server exports (its registry
# listed through tsx), so a renamed metric fails here rather than leaving an alert that never fires.
if [ -x "$ROOT/node_modules/.bin/node" ] && [ -d "$ROOT/node_modules/tsx" ]; then
  cat > "$TMP/metric-names.mts" << EOF
import { metricsRegistry } from '$ROOT/apps/server/src/platform/metrics/metrics.ts';
for (const metric of await metricsRegistry.getMetricsAsJSON()) console.log(metric.name);
EOF
  if exported="$("$ROOT/node_modules/.bin/node" --import tsx "$TMP/metric-names.mts" 2>&1)"; then
    used="$(grep -ohE 'certs_[a-z0-9_]+' deploy/alerts.yml deploy/grafana-exam-day.json | sed -E 's/_(bucket|sum|count)$//' | sort -u)"
    unknown="$(comm -23 <(echo "$used") <(echo "$exported" | sort -u))"
    if [ -z "$unknown" ]; then ok "the $(echo "$used" | wc -l) certs_* metrics the alerts and dashboard read are exported by the server"; else
      bad "alerts or dashboard read metrics the server does not export:"
      echo "$unknown"
    fi
  else
    bad "listing the server's metrics"
    echo "$exported"
  fi
else
  skip "metric names against the server's registry" "node_modules missing (run npm install first)"
fi

# Every setting deploy/certs.env.example names (set or commented out) is one config/env.ts reads.
unknown=""
for name in $(grep -oE '^#?[A-Z][A-Z0-9_]+=' deploy/certs.env.example | tr -d '#=' | sort -u); do
  grep -qE "^\s+$name: " apps/server/src/config/env.ts || unknown="$unknown $name"
done
if [ -z "$unknown" ]; then ok "deploy/certs.env.example names only settings of apps/server/src/config/env.ts"; else
  bad "deploy/certs.env.example names settings env.ts does not read:$unknown"
fi

echo "check-deploy: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
