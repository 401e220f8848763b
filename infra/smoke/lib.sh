# Shell helpers the stack runs share (infra/smoke/run.sh, infra/swarm/run.sh): sourced, not run.

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# The first port from $1 up that nothing on 127.0.0.1 listens on.
free_port() {
  local p=$1
  while listening "$p"; do p=$((p + 1)); done
  echo "$p"
}
random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }
# A VAPID key pair (P-256, base64url: what `web-push generate-vapid-keys` prints), as env lines.
vapid_keys() {
  node -e 'const e = require("node:crypto").createECDH("prime256v1"); e.generateKeys();
    const k = e.getPrivateKey(), priv = Buffer.concat([Buffer.alloc(32 - k.length), k]); // 32 bytes, as web-push wants
    console.log(`VAPID_PUBLIC_KEY=${e.getPublicKey("base64url")}\nVAPID_PRIVATE_KEY=${priv.toString("base64url")}`)'
}
# GET /api/v1/health on 127.0.0.1:$1 (the stack's proxy) answers 200 (bash only: curl may be missing).
healthy_on() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf 'GET /api/v1/health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    timeout 2 head -n 1 <&3 | grep -q ' 200 '
  ) 2>/dev/null
}
