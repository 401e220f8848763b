// Anonymous peer-to-peer calls go through TURN only (iceTransportPolicy 'relay'); the server
// also drops what a misbehaving client might still send that names its own address.

/** An ICE candidate line of type relay ('' ends of candidates, end-of-candidates, passes too). */
export function relayCandidate(candidate: string): boolean {
  if (candidate.trim() === '') return true;
  return / typ relay( |$)/.test(candidate);
}

/**
 * The SDP without non-relay candidate lines, and with its connection addresses blanked to
 * 0.0.0.0 (ICE carries the real ones, relay only).
 */
export function relaySdp(sdp: string): string {
  return sdp
    .split(/\r\n|\n/)
    .filter((line) => !line.startsWith('a=candidate:') || relayCandidate(line))
    .map((line) =>
      line.startsWith('c=IN IP4 ') ? 'c=IN IP4 0.0.0.0' : line.startsWith('c=IN IP6 ') ? 'c=IN IP6 ::' : line,
    )
    .map((line) => (line.startsWith('a=rtcp:') ? line.replace(/ IN IP[46] \S+$/, '') : line))
    .join('\r\n');
}
