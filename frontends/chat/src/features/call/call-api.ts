import { getApi, isApiError, type CallStartRequest } from '@honne/api-client';
import { AGE_FEATURE_REFUSAL } from '@honne/contracts/age';
import { CALL_MESSAGES, callsEndpoints, type CallSignalEvent, type CallView } from '@honne/contracts/calls';
import { MESSAGE_PREVIEW, ROOM_TYPES, chatEndpoints, type Room } from '@honne/contracts/chat';
import { friendsEndpoints } from '@honne/contracts/friends';
import { messages } from '@honne/contracts/messages';
import { greetingEndpoints } from '@honne/contracts/greetings';
import { GENDERS, PERSONALITIES, profileEndpoints } from '@honne/contracts/profile';
import { safetyEndpoints } from '@honne/contracts/safety';
import { topicsEndpoints } from '@honne/contracts/topics';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';

import { strings } from '../../strings.ts';

import type { P2pSignal, Signaller } from './media/p2p.ts';
import type { Recording } from './recorder/useRecorder.ts';
import type { CallPartner, CallSession } from './model.ts';

/** How this call's audio travels, as the server decided. */
export type MediaPlan =
  | { mode: 'livekit'; serverUrl: string; token: string }
  | { mode: 'p2p'; iceServers: RTCIceServer[]; relayOnly: boolean };

/** A price the caller must say yes to before a call is placed (walks #3 and #4). */
export type PriceAsk =
  /** The call room on a priced voice is paid once, when it first opens (chat's confirm_price). */
  | { kind: 'room'; price: number }
  /** A voice that charges from the start: so many points per so many minutes (calls' confirm_price). */
  | { kind: 'call'; minutes: number; price: number }
  /** Both at once: a new call room on a voice that also charges from the start — one question, one yes. */
  | { kind: 'both'; roomPrice: number; minutes: number; price: number };

const priceRefused = (error: unknown) => isApiError(error) && error.code === 'price_confirmation_required';

/** The partner as the call shows them (from chat's room, then the public profile). */
export interface PartnerInfo {
  partner: CallPartner;
  partner_id: string | null;
  is_friend: boolean;
}

const client = () => getApi().client;
const t = strings.calls;

/** How long asked ICE servers serve another connection: well inside their TURN credentials' life. */
const ICE_FRESH_MS = 60_000;
let ice: { at: number; servers: Promise<RTCIceServer[]> } | null = null;

const EMPTY_PARTNER: CallPartner = {
  name: null,
  avatar: null,
  area: null,
  gender: null,
  age: null,
  comment: null,
  blood_type: null,
  personality: null,
  character_words: null,
  detail: null,
};

const blobToDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the recording'));
    reader.readAsDataURL(blob);
  });

const dataUrlToBlob = (url: string, type: string): Blob => {
  const bin = atob(url.slice(url.indexOf(',') + 1));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
};

/**
 * Signals can arrive before this side's peer connection exists (the caller's offer reaches the
 * callee while it rings, and again after a rejoin): they wait here, per call and media session
 * (epoch), until that session's transport subscribes, or the call ends and they are forgotten.
 * Signals of another session never reach it.
 */
class SignalInbox {
  private readonly waiting = new Map<string, P2pSignal[]>();
  private readonly listeners = new Map<string, (s: P2pSignal) => void>();

  push(e: CallSignalEvent): void {
    const signal: P2pSignal | null =
      e.kind === 'candidate'
        ? e.candidate
          ? { kind: 'candidate', candidate: e.candidate as RTCIceCandidateInit }
          : null
        : e.sdp
          ? { kind: e.kind, sdp: e.sdp }
          : null;
    if (!signal) return;
    const key = `${e.call_id}:${e.epoch ?? 0}`;
    const l = this.listeners.get(key);
    if (l) l(signal);
    else this.waiting.set(key, [...(this.waiting.get(key) ?? []), signal]);
  }

  subscribe(callId: string, epoch: number, listener: (s: P2pSignal) => void): () => void {
    const key = `${callId}:${epoch}`;
    // Older sessions' leftovers are of no use any more.
    for (const k of this.waiting.keys()) if (k.startsWith(`${callId}:`) && k !== key) this.waiting.delete(k);
    this.listeners.set(key, listener);
    for (const s of this.waiting.get(key) ?? []) listener(s);
    this.waiting.delete(key);
    return () => {
      if (this.listeners.get(key) === listener) this.listeners.delete(key);
    };
  }

  forget(callId: string): void {
    for (const map of [this.waiting, this.listeners] as Map<string, unknown>[])
      for (const k of map.keys()) if (k.startsWith(`${callId}:`)) map.delete(k);
  }
}

const inbox = new SignalInbox();

function partnerOf(room: Room): PartnerInfo {
  const u = room.userInfo;
  const anonymous = room.anonymous.partner || u.is_anonymous;
  return {
    partner: {
      ...EMPTY_PARTNER,
      name: anonymous ? null : u.user_name,
      avatar: anonymous ? null : u.profile_image,
      gender: anonymous ? null : (GENDERS.find((g) => g.value === u.gender)?.name ?? null),
    },
    partner_id: anonymous ? null : u.id,
    is_friend: room.is_friend,
  };
}

/**
 * The overlay's only door to the server: every call endpoint and real-time event of the calls
 * service passes through here, typed by the contracts, so the hooks speak in CallSession terms.
 */
export const callApi = {
  /**
   * Opens (or reopens) the call room with chat, then rings the partner. Where the server asks for a
   * price confirmation (403 price_confirmation_required: a new room on a priced voice, a call that
   * charges from the start), the voice's price is put to the caller and the request repeated with
   * `confirm_price` on their yes; null when they said no (nothing was opened, placed or taken).
   */
  async create(request: CallStartRequest, confirm: (ask: PriceAsk) => Promise<boolean>): Promise<CallView | null> {
    const voice = async () => {
      if (request.kind !== 'topic') throw new Error('only a voice has a price');
      return (await client().call(topicsEndpoints.topic, { params: { id: request.topic_id } })).data;
    };
    let roomId = request.room_id ?? null;
    // Set when the caller already said yes to the per-minute price together with the room's.
    let callConfirmed = false;
    if (!roomId) {
      const body =
        request.kind === 'topic'
          ? { topic_id: request.topic_id, is_anonymous: request.is_anonymous, room_type_id: ROOM_TYPES.callTopic }
          : { user_id: request.user_id, room_type_id: ROOM_TYPES.callFriend };
      try {
        roomId = (await client().call(chatEndpoints.createRoom, { body })).data.id;
      } catch (error) {
        if (!priceRefused(error)) throw error;
        const v = await voice();
        // A voice that charges from the start would ask again right after; one prompt names both.
        const both = v.purchase_on_start && v.call_price > 0;
        const ask: PriceAsk = both
          ? { kind: 'both', roomPrice: v.chat_price, minutes: v.time_call_price, price: v.call_price }
          : { kind: 'room', price: v.chat_price };
        if (!(await confirm(ask))) return null;
        roomId = (await client().call(chatEndpoints.createRoom, { body: { ...body, confirm_price: true } })).data.id;
        callConfirmed = both;
      }
    }
    const params = { id: roomId };
    try {
      return (
        await client().call(callsEndpoints.startCall, { params, body: callConfirmed ? { confirm_price: true } : {} })
      ).data;
    } catch (error) {
      if (!priceRefused(error)) throw error;
      const v = await voice();
      if (!(await confirm({ kind: 'call', minutes: v.time_call_price, price: v.call_price }))) return null;
      return (await client().call(callsEndpoints.startCall, { params, body: { confirm_price: true } })).data;
    }
  },

  async current(): Promise<CallView | null> {
    return (await client().call(callsEndpoints.current)).data;
  },

  /** `sdp`: the callee's answer to the offer it took in while it rang (p2p), sent with the answer. */
  async act(
    roomId: string,
    callId: string,
    action: 'answer' | 'refuse' | 'hangup' | 'busy',
    sdp?: string | null,
  ): Promise<CallView> {
    const body = { action, signal_id: callId, ...(sdp ? { sdp } : {}) };
    return (await client().call(callsEndpoints.answer, { params: { id: roomId }, body })).data;
  },

  /** The voice's owner asks the payer to approve per-minute charging (spec §5/§7). */
  async requestCharge(roomId: string): Promise<CallView> {
    return (await client().call(callsEndpoints.requestCharge, { params: { id: roomId } })).data;
  },

  /** The payer approves or refuses the owner's charge request. */
  async confirmCharge(roomId: string, approve: boolean, spendCap: number | null = null): Promise<CallView> {
    const body = { approve, spend_cap: spendCap };
    return (await client().call(callsEndpoints.confirmCharge, { params: { id: roomId }, body })).data;
  },

  /**
   * p2p: tells the server how this side's peer connection is doing ('rejoin': this page has none
   * for a connected call, after a reload). Answers the call as it stands after the report.
   */
  async reportMedia(
    roomId: string,
    callId: string,
    state: 'connecting' | 'connected' | 'failed' | 'alive' | 'rejoin',
  ): Promise<CallView> {
    return (
      await client().call(callsEndpoints.pingConnect, { params: { id: roomId }, body: { state, signal_id: callId } })
    ).data;
  },

  /**
   * The ICE servers (GET /calls/config), asked once a minute at most: the call button asks ahead, so a
   * caller's connection and offer are made as soon as the call is placed (issue 32).
   */
  iceServers(): Promise<RTCIceServer[]> {
    if (!ice || Date.now() - ice.at > ICE_FRESH_MS) {
      const servers = client()
        .call(callsEndpoints.config)
        .then(({ data }) => {
          const ttl = data.ice_ttl_seconds;
          // Credentials that live less than twice the reuse window are not kept at all.
          if (ttl != null && ttl * 1000 < 2 * ICE_FRESH_MS && ice?.servers === servers) ice = null;
          return data.ice_servers as RTCIceServer[];
        });
      servers.catch(() => {
        if (ice?.servers === servers) ice = null;
      });
      ice = { at: Date.now(), servers };
    }
    return ice.servers;
  },

  async mediaPlan(call: CallSession): Promise<MediaPlan> {
    if (call.transport === 'livekit') {
      const { data } = await client().call(callsEndpoints.token, { params: { id: call.id } });
      return { mode: 'livekit', serverUrl: data.serverUrl, token: data.participantToken };
    }
    return { mode: 'p2p', iceServers: await callApi.iceServers(), relayOnly: call.relay_only };
  },

  /** Offer/answer/ICE over the shell's socket (a 'call.signal' command), over HTTP when it is down. */
  signaller(callId: string, epoch: number): Signaller {
    return {
      async send(signal) {
        const body =
          signal.kind === 'candidate'
            ? { call_id: callId, epoch, kind: signal.kind, candidate: signal.candidate }
            : { call_id: callId, epoch, kind: signal.kind, sdp: signal.sdp };
        try {
          const res = await getApi().realtime.command('call.signal', body);
          if (res.status >= 200 && res.status < 300) return;
        } catch {
          // no open socket: HTTP below
        }
        await client().call(callsEndpoints.signal, { body: body as never });
      },
      subscribe: (listener) => inbox.subscribe(callId, epoch, listener),
    };
  },

  forgetSignals(callId: string) {
    inbox.forget(callId);
  },

  /** A 'call.state' event's CallView; 'call.signal' events go to the inbox. */
  parseEvent(event: RealtimeEvent): CallView | null {
    const signal = dataOf(event, realtimeEvents.callSignal);
    if (signal) inbox.push(signal);
    return dataOf(event, realtimeEvents.callState) ?? null;
  },

  /**
   * The partner's card: the room (anonymity applied by chat), then their public profile and, when
   * the call is about the partner's voice, that voice's comment (the talk view's comment line:
   * profiles have no comment of their own; the voice's is as public as the voice itself, so it
   * shows for an anonymous poster too).
   */
  async partner(roomId: string): Promise<PartnerInfo> {
    const { data: room } = await client().call(chatEndpoints.room, { params: { id: roomId } });
    const info = partnerOf(room);
    const theirVoice = room.topic && !room.topic.is_mine ? room.topic.id : null;
    const [comment, profile] = await Promise.all([
      theirVoice
        ? client()
            .call(topicsEndpoints.topic, { params: { id: theirVoice }, query: { room_id: roomId } })
            .then(({ data }) => data.comment.trim() || null)
            .catch(() => null)
        : null,
      info.partner_id
        ? client()
            .call(profileEndpoints.userDetail, { params: { id: info.partner_id } })
            .then(({ data }) => data)
            .catch(() => null)
        : null,
    ]);
    const partner = { ...info.partner, comment };
    if (!profile) return { ...info, partner };
    const blood = profile.userBloodSettings;
    return {
      ...info,
      partner: {
        ...partner,
        name: profile.user_name,
        avatar: profile.profile_image,
        area: profile.area?.name ?? null,
        age: profile.age?.name ?? null,
        blood_type: blood?.bloodType ? `${blood.bloodType}型` : null,
        personality: PERSONALITIES.find((p) => p.value === blood?.personality)?.name ?? null,
        character_words: profile.userCharacterInputWord,
        detail: profile.userCharacterInputDetail,
      },
    };
  },

  /** The message for a refused placement (already in a call, blocked, not callable), else null. */
  refusalMessage(error: unknown): string | null {
    if (!isApiError(error) || error.kind !== 'http') return null;
    if (error.code === 'already_in_call') return CALL_MESSAGES.alreadyInCall;
    if (error.code === 'blocked') return CALL_MESSAGES.unableToConnect;
    if (error.code === 'not_callable') return CALL_MESSAGES.notCallable;
    if (error.code === 'anonymous_needs_relay') return CALL_MESSAGES.anonymousNeedsRelay;
    // ADR 0038: the server's sentence names the feature and where to verify (設定 → 年齢確認).
    if (error.code === AGE_FEATURE_REFUSAL) return error.message;
    if (error.code === 'insufficient_points' || error.code === 'points_insufficient') return t.insufficientPoints;
    return null;
  },

  /** The report from inside a live call (issue 27): safety ends the call and blocks the partner. */
  async reportInCall(roomId: string, content: string): Promise<void> {
    await client().call(safetyEndpoints.callReport, { params: { id: roomId }, body: { content } });
  },

  async report(roomId: string, content: string): Promise<void> {
    await client().call(chatEndpoints.report, { params: { id: roomId }, body: { content } });
  },

  /**
   * Asks the (non-anonymous) partner to be friends (walk #21): what to tell the caller, and whether
   * they are friends now (a request they had sent me, or already friends).
   */
  async addFriend(call: CallSession): Promise<{ message: string; friends: boolean }> {
    if (!call.partner_id) return { message: messages.alreadyFriends, friends: true };
    try {
      const { data } = await client().call(friendsEndpoints.requestFriend, {
        body: { user_id: call.partner_id, room_id: call.room_id },
      });
      return { message: data.message, friends: data.status === 'friends' };
    } catch (error) {
      if (isApiError(error) && error.code === 'already_friends')
        return { message: messages.alreadyFriends, friends: true };
      throw error;
    }
  },

  async greetingOf(roomId: string): Promise<string | null> {
    const { data } = await client().call(greetingEndpoints.ofCaller, { params: { id: roomId } });
    return data?.audio ?? null;
  },
  async myGreeting(): Promise<Recording | null> {
    const { data } = await client().call(greetingEndpoints.mine);
    if (!data) return null;
    return { blob: dataUrlToBlob(data.audio, data.mime_type), url: data.audio, mimeType: data.mime_type };
  },
  async uploadGreeting(recording: Recording): Promise<void> {
    const audioRecord = await blobToDataUrl(recording.blob);
    await client().call(greetingEndpoints.upload, { body: { audioRecord, mime_type: recording.mimeType } });
  },
};

/** A CallView with its partner, as the overlay shows it. */
export function toSession(view: CallView, info: PartnerInfo | null): CallSession {
  return {
    id: view.id,
    room_id: view.room_id,
    role: view.role,
    state: view.state,
    partner: info?.partner ?? EMPTY_PARTNER,
    partner_known: info !== null,
    anonymous: view.is_anonymous || view.partner_anonymous,
    price: view.call_price,
    i_pay: view.i_pay,
    charging: view.charging,
    charged_points: view.charged_points,
    spend_cap: view.spend_cap,
    connected_at: view.connected_at,
    connected_ago_ms: view.connected_at ? Math.max(0, Date.parse(view.at) - Date.parse(view.connected_at)) : null,
    disconnect_code: view.disconnect_code,
    end_cause: view.end_cause,
    transport: view.transport,
    relay_only: view.ice_transport_policy === 'relay',
    offerer: view.offerer,
    media_epoch: view.media_epoch,
    is_friend: info?.is_friend ?? false,
    partner_id: info?.partner_id ?? null,
    chat_room_id: view.room_id,
  };
}

/**
 * The spec §8 message an end shows this side, or null: the caller's busy/refused/unable views say
 * it themselves; a callee whose caller gave up hears 'キャンセルされました。'; a dropped line says
 * '切断されました。' with its cause code (and 'ポイントが不足です。' when a paid call ran out of points).
 */
export function endNotice(view: CallView): string | null {
  if (endNote(view) !== null) return null;
  // A paid call whose payer ran out of points: the code (44), and why.
  if (view.state === 'disconnect' && view.end_cause === 'no_points') {
    return `${CALL_MESSAGES.disconnected}${view.disconnect_code ?? ''}\n${CALL_MESSAGES.outOfPoints}`;
  }
  if (view.state === 'disconnect') return `${CALL_MESSAGES.disconnected}${view.disconnect_code ?? ''}`;
  // The payer's own cap for the call was reached: both are told why it ended.
  if (view.state === 'end' && view.end_cause === 'spend_cap') return CALL_MESSAGES.spendCapReached;
  // A payer under 18 at their monthly cap: only they learn it was that cap.
  if (view.state === 'end' && view.end_cause === 'monthly_cap') {
    return view.i_pay ? CALL_MESSAGES.monthlyCapReached : CALL_MESSAGES.payerLimitReached;
  }
  // The payer's points frozen by a moderator: only they learn why.
  if (view.state === 'end' && view.end_cause === 'points_frozen') {
    return view.i_pay ? CALL_MESSAGES.pointsFrozen : CALL_MESSAGES.payerLimitReached;
  }
  // The caller gave up while it rang: the spec's 'キャンセルされました。'.
  if (view.state === 'end' && view.role === 'callee' && view.end_cause === 'cancel')
    return view.answered_at ? null : CALL_MESSAGES.cancelled;
  if (view.state === 'unable_connect' && view.role === 'callee') return CALL_MESSAGES.unableToConnect;
  return null;
}

/**
 * An ordinary end, said in passing (a note that goes by itself, no OK to press) instead of as an
 * error: the partner hanging up is the spec's '切断されました。11' (walk #12: as a popup it read
 * like a fault), and a call the callee let ring out is 不在着信, not 'キャンセルされました。' —
 * nobody cancelled it (walk #13).
 */
export function endNote(view: CallView): string | null {
  if (view.state === 'disconnect' && view.end_cause === 'hangup' && view.disconnect_code === 11)
    return `${CALL_MESSAGES.disconnected}11`;
  if (view.state === 'end' && view.role === 'callee' && view.end_cause === 'missed' && !view.answered_at)
    return MESSAGE_PREVIEW.missedCall;
  return null;
}
