/**
 * Who may hear a greeting: only the callee of a call that is ringing them now hears the caller's.
 * Before they answer is when the ring screen plays it; after, nobody needs it.
 */
export function callerRingingIn(
  call: { caller_id: string; callee_id: string; phase: string } | undefined,
  userId: string,
): string | null {
  return call && call.phase === 'ringing' && call.callee_id === userId ? call.caller_id : null;
}
