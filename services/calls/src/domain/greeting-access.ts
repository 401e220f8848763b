/**
 * Who may hear a greeting: only the callee of a call that is ringing them now hears the caller's.
 * Before they answer is when the ring screen plays it; after, nobody needs it.
 *
 * An anonymous caller's greeting is never played (ADR 0021): the greeting is one recording of the
 * caller's own voice, made from the raw microphone and the same for every call, so playing it on an
 * anonymous call would let the callee recognise, keep and compare the voice behind an anonymous
 * name. The callee then hears what a caller without a greeting gives: nothing.
 */
export function callerRingingIn(
  call: { caller_id: string; callee_id: string; phase: string; caller_anonymous: boolean } | undefined,
  userId: string,
): { callerId: string; playGreeting: boolean } | null {
  if (!call || call.phase !== 'ringing' || call.callee_id !== userId) return null;
  return { callerId: call.caller_id, playGreeting: !call.caller_anonymous };
}
