import { getApi, type CallStartRequest } from '@honne/api-client';
import { greetingEndpoints } from '@honne/contracts/greetings';
import type { RealtimeEvent } from '@honne/contracts/realtime';

import type { P2pSignal, Signaller } from './media/p2p.ts';
import type { Recording } from './recorder/useRecorder.ts';
import type { CallSession } from './model.ts';

/** How this call's audio travels, as the server decided. */
export type MediaPlan =
  | { mode: 'livekit'; serverUrl: string; token: string }
  | { mode: 'p2p'; iceServers: RTCIceServer[]; relayOnly: boolean };

/** A new word from the server about the call, with the spec §8 message to show if any. */
export interface CallUpdate {
  call: CallSession;
  notice: string | null;
}

const client = () => getApi().client;

const blobToBase64 = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the recording'));
    reader.readAsDataURL(blob);
  });

const notYet = (): never => {
  throw new Error('the call endpoints are not in the contracts yet');
};

/**
 * The overlay's only door to the server: every call endpoint and real-time event of the calls
 * service passes through here, typed by the contracts, so the hooks speak in CallSession terms.
 */
export const callApi = {
  async create(_request: CallStartRequest): Promise<CallUpdate> {
    return notYet();
  },
  async current(): Promise<CallSession | null> {
    return null;
  },
  async act(_roomId: string, _action: 'answer' | 'refuse' | 'hangup'): Promise<CallUpdate | null> {
    return notYet();
  },
  async mediaPlan(_roomId: string): Promise<MediaPlan> {
    return notYet();
  },
  signaller(_roomId: string): Signaller {
    return {
      send: async (_signal: P2pSignal) => notYet(),
      subscribe: () => () => undefined,
    };
  },
  parseEvent(_event: RealtimeEvent, _current: CallSession | null): CallUpdate | null {
    return null;
  },
  /** The message for a refused placement (busy, already talking, not callable, points), else null. */
  refusalMessage(_error: unknown): string | null {
    return null;
  },
  async report(_roomId: string, _content: string): Promise<void> {
    return notYet();
  },
  async addFriend(_call: CallSession): Promise<boolean> {
    return notYet();
  },

  async greetingOf(roomId: string): Promise<string | null> {
    const { data } = await client().call(greetingEndpoints.ofCaller, { params: { id: roomId } });
    return data?.audio ?? null;
  },
  async myGreeting(): Promise<Recording | null> {
    const { data } = await client().call(greetingEndpoints.mine);
    if (!data) return null;
    const blob = await (await fetch(data.audio)).blob();
    return { blob, url: data.audio, mimeType: data.mime_type };
  },
  async uploadGreeting(recording: Recording): Promise<void> {
    const audioRecord = await blobToBase64(recording.blob);
    await client().call(greetingEndpoints.upload, { body: { audioRecord, mime_type: recording.mimeType } });
  },
};
