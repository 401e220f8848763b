/**
 * Issue 25's limits as the compose stack holds them (journey.ts runs these at its end):
 * - behind the proxy every client is its own: an attacker's wrong passwords, sent from inside the
 *   proxy's container (a client address other than the runner's), lock the attacker out, and the
 *   owner, from the runner, still signs in;
 * - with two gateway instances, one user's sockets over both stay within the per-user cap.
 */
import { execSync } from 'node:child_process';

import { api, BASE, pause, Person, step, until } from './smoke-kit.ts';

/** A shell command prefix that runs a command in the proxy's container (`docker compose exec -T proxy`). */
const PROXY_EXEC = process.env.SMOKE_PROXY_EXEC;
/** The stack's REALTIME_MAX_SOCKETS_PER_USER (compose leaves the default). */
const SOCKETS_PER_USER = Number(process.env.SMOKE_SOCKETS_PER_USER ?? '8');
/** accounts' LOGIN_MAX_FAILURES default: this many wrong passwords lock a source out. */
const LOGIN_MAX_FAILURES = 10;

/** A login from inside the proxy's container, to nginx on its own loopback: the status code. */
function loginFromProxy(email: string, password: string): number {
  const body = JSON.stringify({ email, password, device_id: 'smoke-attacker', device_type: 'web' });
  const out = execSync(
    `${PROXY_EXEC} wget -S -q -O /dev/null --header 'Content-Type: application/json' ` +
      `--post-data '${body}' http://127.0.0.1:8080/api/v1/users/login 2>&1 || true`,
    { encoding: 'utf8' },
  );
  const status = /HTTP\/1\.1 (\d{3})/.exec(out)?.[1];
  if (!status) throw new Error(`no status from the login inside the proxy: ${out.trim().slice(0, 200)}`);
  return Number(status);
}

export async function attackerDoesNotLockOwnerOut(owner: Person): Promise<void> {
  if (!PROXY_EXEC) return;
  const statuses: number[] = [];
  for (let i = 0; i <= LOGIN_MAX_FAILURES + 1; i++) statuses.push(loginFromProxy(owner.email, `wrong-${i}-password`));
  // The attacker's own source is locked out (429) once it has used its tries.
  if (statuses.at(-1) !== 429) throw new Error(`the attacker was not locked out: ${statuses.join(' ')}`);
  const session = await api<{ access_token: string }>('POST', '/users/login', undefined, {
    email: owner.email,
    password: owner.password,
    device_id: `smoke-${owner.tag}`,
    device_type: 'web',
  });
  if (!session.access_token) throw new Error('the owner could not sign in after the attack');
  step(`${LOGIN_MAX_FAILURES + 2} wrong passwords through the proxy locked the attacker out, not the owner`);
}

export async function socketCapAcrossGateways(person: Person): Promise<void> {
  const sockets: Person[] = [];
  for (let i = 0; i <= SOCKETS_PER_USER; i++) {
    const s = new Person(`${person.tag}-${i}`, person.token, person.userId);
    await s.connect();
    sockets.push(s);
  }
  const gateways = new Set(sockets.map((s) => s.gateway));
  if (gateways.size < 2)
    throw new Error(`all ${sockets.length} sockets on one gateway: the proxy does not spread them`);
  const open = () => sockets.filter((s) => s.ws?.readyState === s.ws?.OPEN).length;
  await until(`${SOCKETS_PER_USER} open sockets`, () => (open() === SOCKETS_PER_USER ? true : undefined));
  // Stays so: nothing closes the rest later.
  await pause(1_000);
  if (open() !== SOCKETS_PER_USER) throw new Error(`${open()} sockets open, the cap is ${SOCKETS_PER_USER}`);
  for (const s of sockets) s.ws?.close();
  step(
    `${SOCKETS_PER_USER + 1} sockets of one user over ${gateways.size} gateways: ${SOCKETS_PER_USER} stay open (${BASE})`,
  );
}
