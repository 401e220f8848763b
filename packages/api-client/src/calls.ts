/**
 * How any screen starts a call without knowing where the call overlay lives: the chat remote's
 * overlay (mounted by the shell above every route) registers as the handler, and the voice
 * detail, chat room and friend screens call `start`. It also tells screens whether a call is under
 * way, so their call buttons can say so. A Module Federation singleton like the rest of this package.
 */
export type CallStartRequest =
  /** A call on a voice (spec room type call-topic), optionally anonymous. */
  | { kind: 'topic'; topic_id: string; is_anonymous: boolean; room_id?: string }
  /** A friend call (room type call-friend). */
  | { kind: 'friend'; user_id: string; room_id?: string };

export interface CallActivity {
  /** The spec's call state value ('none' when idle). */
  state: string;
  room_id: string | null;
}

type StartHandler = (request: CallStartRequest) => Promise<void>;
type ActivityListener = (activity: CallActivity) => void;

export class CallBridge {
  private handler: StartHandler | null = null;
  private readonly listeners = new Set<ActivityListener>();
  private current: CallActivity = { state: 'none', room_id: null };

  /** The overlay takes start requests until the returned function runs. */
  handle(handler: StartHandler): () => void {
    this.handler = handler;
    return () => {
      if (this.handler === handler) this.handler = null;
    };
  }

  /** Starts a call; rejects when no overlay is mounted (it always is while signed in). */
  start(request: CallStartRequest): Promise<void> {
    if (!this.handler) return Promise.reject(new Error('call overlay not mounted'));
    return this.handler(request);
  }

  get ready(): boolean {
    return this.handler !== null;
  }

  get activity(): CallActivity {
    return this.current;
  }

  setActivity(activity: CallActivity): void {
    if (activity.state === this.current.state && activity.room_id === this.current.room_id) return;
    this.current = activity;
    for (const l of this.listeners) l(activity);
  }

  subscribe(listener: ActivityListener): () => void {
    this.listeners.add(listener);
    listener(this.current);
    return () => this.listeners.delete(listener);
  }
}
