// What an anonymous peer-to-peer call lets through (ADR 0021): relay candidates only, without the
// raddr/rport that name the sender's own address, and SDP whose address fields say nothing. Both
// are parsed by the grammar of RFC 8839 §5.1 / RFC 8866 (fields split on spaces and checked one by
// one), never matched as substrings: a host candidate whose text merely contained " typ relay"
// passed the old filter.

/** One ICE candidate attribute (RFC 8839 §5.1), as its fields. */
export interface Candidate {
  foundation: string;
  component: string;
  transport: string;
  priority: string;
  address: string;
  port: string;
  type: string;
  /** Extension attributes after the type, as name/value pairs in order (raddr, rport, generation…). */
  extensions: [string, string][];
}

const TOKEN = /^[A-Za-z0-9+/]{1,32}$/;
const NUMBER = /^\d{1,10}$/;
const TYPES = new Set(['host', 'srflx', 'prflx', 'relay']);

/**
 * Parses `candidate:…` (with or without the `a=` prefix of an SDP line); undefined when the text
 * does not follow the grammar. Every field is checked where it stands, so no word elsewhere in the
 * line can change what the candidate is.
 */
export function parseCandidate(text: string): Candidate | undefined {
  const body = text.trim().replace(/^a=/, '');
  if (!body.startsWith('candidate:')) return undefined;
  const fields = body.slice('candidate:'.length).split(' ');
  if (fields.some((f) => f === '')) return undefined;
  const [foundation, component, transport, priority, address, port, typ, type, ...rest] = fields;
  if (!foundation || !TOKEN.test(foundation) || !component || !/^\d{1,5}$/.test(component)) return undefined;
  if (!transport || !/^[A-Za-z]{1,16}$/.test(transport) || !priority || !NUMBER.test(priority)) return undefined;
  if (!address || !port || !/^\d{1,5}$/.test(port) || typ !== 'typ' || !type || !TYPES.has(type)) return undefined;
  if (rest.length % 2 !== 0) return undefined;
  const extensions: [string, string][] = [];
  for (let i = 0; i < rest.length; i += 2) extensions.push([rest[i]!, rest[i + 1]!]);
  return { foundation, component, transport, priority, address, port, type, extensions };
}

/** The candidate as text again (without `a=`). */
export function formatCandidate(c: Candidate): string {
  const ext = c.extensions.flatMap(([k, v]) => [k, v]);
  return ['candidate:' + c.foundation, c.component, c.transport, c.priority, c.address, c.port, 'typ', c.type, ...ext]
    .join(' ')
    .trim();
}

/** Extensions that name an address of the sender's own (the base a relay was allocated from). */
const ADDRESS_EXTENSIONS = new Set(['raddr', 'rport']);

/**
 * The candidate as an anonymous call may relay it: a relay candidate, its raddr/rport removed;
 * anything else (host, srflx, prflx, or text that is no candidate) is dropped: undefined. An empty
 * candidate (end of candidates) passes as it is: it names nothing.
 */
export function relayOnlyCandidate(text: string): string | undefined {
  const body = text.trim().replace(/^a=/, '');
  if (body === '') return '';
  const c = parseCandidate(body);
  if (!c || c.type !== 'relay') return undefined;
  return formatCandidate({ ...c, extensions: c.extensions.filter(([k]) => !ADDRESS_EXTENSIONS.has(k)) });
}

/**
 * The SDP as an anonymous call may relay it: candidate lines as `relayOnlyCandidate` leaves them
 * (others dropped), and every other field that carries an address of the sender's blanked — the
 * origin's and each connection line's address (0.0.0.0 / ::), the rtcp attribute's address, and
 * remote-candidates dropped. ICE finds the real (relay) addresses through the candidates.
 */
export function relayOnlySdp(sdp: string): string {
  const out: string[] = [];
  for (const line of sdp.split(/\r\n|\n/)) {
    const eq = line.indexOf('=');
    const kind = eq === 1 ? line[0] : '';
    const value = eq === 1 ? line.slice(2) : '';
    if (kind === 'a' && value.startsWith('candidate:')) {
      const kept = relayOnlyCandidate(value);
      if (kept) out.push(`a=${kept}`);
      continue;
    }
    if (kind === 'a' && value.startsWith('remote-candidates:')) continue;
    if (kind === 'o') {
      // o=<username> <sess-id> <sess-version> <nettype> <addrtype> <unicast-address>
      const f = value.split(' ');
      if (f.length === 6) f[5] = f[4] === 'IP6' ? '::' : '0.0.0.0';
      out.push(`o=${f.join(' ')}`);
      continue;
    }
    if (kind === 'c') {
      // c=<nettype> <addrtype> <connection-address>
      const f = value.split(' ');
      out.push(`c=${f[0] ?? 'IN'} ${f[1] === 'IP6' ? 'IP6 ::' : 'IP4 0.0.0.0'}`);
      continue;
    }
    if (kind === 'a' && value.startsWith('rtcp:')) {
      // a=rtcp:<port> [<nettype> <addrtype> <connection-address>]: the port alone.
      out.push(`a=rtcp:${value.slice('rtcp:'.length).split(' ')[0]}`);
      continue;
    }
    out.push(line);
  }
  return out.join('\r\n');
}
